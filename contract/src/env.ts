import { z } from 'zod';

/**
 * Parses a service's environment with its zod schema, or refuses to start with the list of what
 * is wrong (every service does it the same way).
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>, service: string): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`).join('\n');
  throw new Error(`Invalid ${service} configuration:\n${problems}`);
}

const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?(?:\/.*)?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** The origin (scheme://host[:port]) of an http(s) address, as a browser sends it; null if it is none. */
export function originOf(address: string): string | null {
  const match = ORIGIN_PATTERN.exec(address.trim());
  if (!match) return null;
  const [, scheme, host, port] = match;
  const lowerScheme = scheme!.toLowerCase();
  const shownPort = port && port !== DEFAULT_PORTS[lowerScheme] ? `:${port}` : '';
  return `${lowerScheme}://${host!.toLowerCase()}${shownPort}`;
}

/** The Vite dev server's origin: a front-end developer's app runs there (`npm run dev -w web`). */
export const WEB_DEV_SERVER_PORT = 5173;
export const WEB_DEV_SERVER_ORIGIN = `http://localhost:${WEB_DEV_SERVER_PORT}`;

/**
 * The other origins let in when CORS_ORIGINS is not set: Vite's, where a front-end developer's app
 * runs, except in production, where no page but the portal's own is let in unless it is named.
 */
export const defaultCorsOrigins = (nodeEnv: string): string[] => (nodeEnv === 'production' ? [] : [WEB_DEV_SERVER_ORIGIN]);

/**
 * Origins whose pages are let in (CORS, the voice WebSocket), as a comma-separated setting; each
 * entry is normalised to its origin, so a trailing slash or path does not matter. There is no
 * wildcard: every origin let in is named.
 */
export const originListSchema = z.string().transform((text, ctx) => {
  const origins: string[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const origin = originOf(entry);
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: `${entry} is not an origin such as http://localhost:8080` });
      return z.NEVER;
    }
    origins.push(origin);
  }
  return origins;
});

/** A local origin answers to both names of the loopback host; both are allowed when one is. */
export function withLoopbackTwins(origins: readonly string[]): string[] {
  const all = new Set(origins);
  for (const origin of origins) {
    if (origin.includes('//localhost')) all.add(origin.replace('//localhost', '//127.0.0.1'));
    if (origin.includes('//127.0.0.1')) all.add(origin.replace('//127.0.0.1', '//localhost'));
  }
  return [...all];
}

/**
 * Whether a WebSocket upgrade comes from an allowed page (ASVS 5 4.4.2: a page on another site
 * must not open it). Browsers always send Origin, so a missing or `null` one is refused too.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin !== undefined && origin !== 'null' && allowed.includes(origin);
}

/** Whether a client address is this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/** Whether a listening host only takes connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
