/** Shortest secret accepted in production (JWT signing key, the gateway's internal token). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** The local stack's defaults: `npm start` works without setting any secret. */
export const DEV_JWT_SECRET = 'local-dev-secret-change-me-in-production-0123456789';
export const DEV_INTERNAL_TOKEN = 'local-internal-token-change-me-0123456789';

/**
 * Secrets anyone can read in this repository: the local defaults and docker-compose.yml's
 * (scripts/compose.test.ts checks that every default there is listed). Production refuses them.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  DEV_JWT_SECRET,
  DEV_INTERNAL_TOKEN,
  'compose-demo-secret-change-me-0123456789abcdef',
  'compose-internal-token-change-me-0123456789',
];

/** Why a secret may not be used in production, or null when it may. */
export function productionSecretProblem(value: string): string | null {
  if (PUBLISHED_SECRETS.includes(value)) return 'is a default published in the repository; set a secret of your own';
  if (value.length < MIN_PRODUCTION_SECRET_LENGTH)
    return `must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`;
  return null;
}
