import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_ACTIVATION_TTL_MS, WEB_BASE_PATH } from '@pp/contract';
import { activationMail } from './outbound-messages.ts';
import type { ServiceDeps } from './service-deps.ts';

/**
 * E-mail verification links: made at registration, again when the partner asks, and by an admin
 * (section 6, "resend activation mail"). Only the code's hash is stored.
 */
export function newActivationCode() {
  const code = randomBytes(24).toString('base64url');
  return { code, codeHash: createHash('sha256').update(code).digest('hex') };
}

export async function sendActivationMail(app: ServiceDeps, email: string, name: string, code: string) {
  const link = `${app.config.publicUrl}${WEB_BASE_PATH}/email-verification?code=${encodeURIComponent(code)}`;
  await app.messenger.sendMail({ to: email, ...activationMail(name, link) });
}

/** A new link for an account: earlier unused links stop working, and the new one is mailed. */
export async function issueActivation(app: ServiceDeps, user: { id: number; email: string; displayName: string }) {
  const activation = newActivationCode();
  const now = app.now();
  await app.db.$transaction([
    app.db.emailActivation.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: now } }),
    app.db.emailActivation.create({
      data: {
        userId: user.id,
        codeHash: activation.codeHash,
        expiresAt: new Date(now.getTime() + EMAIL_ACTIVATION_TTL_MS),
        createdAt: now,
      },
    }),
  ]);
  await sendActivationMail(app, user.email, user.displayName, activation.code);
}
