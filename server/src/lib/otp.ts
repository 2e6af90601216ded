import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { TEXTS, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@pp/contract';
import type { Db, OtpPurpose } from '@pp/db';
import { Invalid } from '@pp/platform';

/**
 * One-time passwords: random digits from the CSPRNG, kept only as an HMAC keyed by a server
 * secret (a 6-digit code has too little entropy for a plain hash), compared in constant time,
 * dead after OTP_TTL_MS, after use, or after OTP_MAX_ATTEMPTS wrong tries.
 */
export function createOtpService(secret: string) {
  const hashOf = (purpose: OtpPurpose, target: string, code: string) =>
    createHmac('sha256', `otp:${secret}`).update(`${purpose}:${target}:${code}`).digest('hex');

  return {
    /** Issues a new code for the target, killing any earlier live code of the same purpose. */
    async issue(
      db: Db,
      input: {
        purpose: OtpPurpose;
        target: string;
        loginName?: string | null;
        digits: number;
        now: Date;
        ipAddress?: string | null;
      },
    ): Promise<string> {
      const code = String(randomInt(0, 10 ** input.digits)).padStart(input.digits, '0');
      await db.$transaction([
        db.otp.updateMany({
          where: { purpose: input.purpose, target: input.target, consumedAt: null },
          data: { consumedAt: input.now },
        }),
        db.otp.create({
          data: {
            id: randomUUID(),
            purpose: input.purpose,
            target: input.target,
            loginName: input.loginName ?? null,
            codeHash: hashOf(input.purpose, input.target, code),
            expiresAt: new Date(input.now.getTime() + OTP_TTL_MS),
            createdAt: input.now,
            ipAddress: input.ipAddress?.slice(0, 64) ?? null,
          },
        }),
      ]);
      return code;
    },

    /**
     * Checks a code against the live OTP of the target. A wrong code costs one try; the answer
     * says how many are left. Returns the OTP's id; `consume` also uses it up.
     */
    async verify(
      db: Db,
      input: { purpose: OtpPurpose; target: string; code: string; now: Date; consume: boolean; field?: string },
    ): Promise<string> {
      const field = input.field ?? 'otp';
      const live = await db.otp.findFirst({
        where: { purpose: input.purpose, target: input.target, consumedAt: null, expiresAt: { gt: input.now } },
        orderBy: { createdAt: 'desc' },
      });
      if (!live || live.attempts >= OTP_MAX_ATTEMPTS) throw Invalid(field, TEXTS.otpDead);

      const expected = Buffer.from(live.codeHash, 'hex');
      const given = Buffer.from(hashOf(input.purpose, input.target, input.code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        // Counted in the database, so parallel guesses cannot share one try.
        const updated = await db.otp.update({ where: { id: live.id }, data: { attempts: { increment: 1 } } });
        const left = OTP_MAX_ATTEMPTS - updated.attempts;
        throw Invalid(field, left > 0 ? TEXTS.otpInvalid(left) : TEXTS.otpDead);
      }
      const used = await db.otp.updateMany({
        where: { id: live.id, consumedAt: null },
        data: { verifiedAt: live.verifiedAt ?? input.now, ...(input.consume ? { consumedAt: input.now } : {}) },
      });
      if (used.count === 0) throw Invalid(field, TEXTS.otpDead);
      return live.id;
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

/** The one error for an OTP that cannot be found for a reason the caller must not learn. */
