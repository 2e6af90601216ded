import { createHash } from 'node:crypto';
import { TEXTS, type Text } from '@pp/contract';
import { Invalid } from '@pp/platform';
import { issueActivation } from '../../lib/activation.ts';
import { limitActivationResends } from '../../lib/limits.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';

export async function activate(app: ServiceDeps, code: string): Promise<Text> {
  const now = app.now();
  const codeHash = createHash('sha256').update(code).digest('hex');
  const activation = await app.db.emailActivation.findUnique({ where: { codeHash }, include: { user: true } });
  if (!activation || activation.usedAt || activation.expiresAt <= now) throw Invalid('code', TEXTS.activationInvalid);
  await app.db.$transaction([
    app.db.emailActivation.update({ where: { id: activation.id }, data: { usedAt: now } }),
    app.db.userAccount.update({
      where: { id: activation.userId },
      data: { status: activation.user.status === 'PENDING_EMAIL' ? 'ACTIVE' : activation.user.status, emailVerifiedAt: now },
    }),
  ]);
  return TEXTS.activationDone;
}

/**
 * Sends a new verification link to an account that waits for one. Every other case (no such
 * name, another address, already verified) answers the same, so the call tells no one who exists.
 */
export async function resendActivation(app: ServiceDeps, email: string, username: string): Promise<Text> {
  await limitActivationResends(app, email);
  const user = await app.db.userAccount.findUnique({ where: { username: username.toLowerCase() } });
  if (!user || user.email !== email || user.status !== 'PENDING_EMAIL') return TEXTS.activationSent;
  await issueActivation(app, user);
  return TEXTS.activationSent;
}
