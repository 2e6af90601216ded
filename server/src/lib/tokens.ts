import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { ONBOARD_USER_STATUSES, USER_ROLES } from '@pp/contract';

const ISSUER = 'partner-portal';
const AUDIENCE = 'partner-portal-web';
/** Upper bound on a token's life; the session row's idle time-out usually ends it much sooner. */
const MAX_TOKEN_LIFE = '12h';

const claimsSchema = z.object({
  sid: z.uuid(),
  sub: z.string(),
  role: z.enum(USER_ROLES),
  userStatus: z.enum(ONBOARD_USER_STATUSES),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

/** Tokens this server has verified, kept so that a token is checked once, not on every request. */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string) {
  // Imported once: handing jose the raw secret makes it import a WebCrypto key on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const verified = new Map<string, { claims: TokenClaims; expiresMs: number }>();
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role, userStatus: claims.userStatus })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(MAX_TOKEN_LIFE)
        .sign(await key);
    },
    /** The claims of a token this server has verified and that has not expired; undefined otherwise (verify it). */
    known(token: string): TokenClaims | undefined {
      const known = verified.get(token);
      return known && known.expiresMs > Date.now() ? known.claims : undefined;
    },
    /** The token's claims, or null for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = this.known(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { claims: claims.data, expiresMs: (payload.exp ?? 0) * 1000 });
        return claims.data;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
