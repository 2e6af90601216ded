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

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role, userStatus: claims.userStatus })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(MAX_TOKEN_LIFE)
        .sign(key);
    },
    /** The token's claims, or null for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
