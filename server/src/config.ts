import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEV_INTERNAL_TOKEN, DEV_JWT_SECRET, productionSecretProblem } from '@pp/platform';
import {
  IDLE_TIMEOUT_MS,
  JOURNAL_MAX_BYTES_DEFAULT,
  JOURNAL_MAX_ENTRIES_DEFAULT,
  UPLOAD_BUDGET,
  isLoopbackHost,
  originListSchema,
  originOf,
  defaultCorsOrigins,
  parseEnv,
  webUrl,
  withLoopbackTwins,
} from '@pp/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const envShape = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  JWT_SECRET: z.string().min(32).default(DEV_JWT_SECRET),
  GATEWAY_URL: z.url().default('http://127.0.0.1:8081'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web/dist')),
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(IDLE_TIMEOUT_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Partner Portal <no-reply@partner-portal.local>'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Hops of trusted proxies in front of the server (X-Forwarded-For); 0 when clients connect directly. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Idle time-out of the browser's own timer; defaults to IDLE_TIMEOUT_MS (test stacks shorten it). */
  CLIENT_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  /** Where staff pages send a user without a token (spec section 2: "an external login page"). */
  EXTERNAL_LOGIN_URL: z.string().min(1).default(webUrl('groupSso')),
  /**
   * Other origins whose pages may call the API (CORS) and open the voice WebSocket, besides the
   * portal's own (PUBLIC_URL's): a front-end developer's dev server. Comma-separated; empty for none.
   */
  CORS_ORIGINS: originListSchema.optional(),
  /** Shared secret of the gateway's calls (callback requests); set the same value on both. */
  INTERNAL_API_TOKEN: z.string().min(24).default(DEV_INTERNAL_TOKEN),
  /**
   * The dev mailbox shows every OTP and link, so whoever reads it can take over any account.
   * auto: on for loopback clients, unless in production or listening beyond loopback; loopback: on
   * for loopback clients whatever the host; open: on for every client (a closed test network); off.
   */
  DEV_MAILBOX: z.enum(['auto', 'loopback', 'open', 'off']).default('auto'),
  /**
   * The developer controls (faults, the virtual clock, scenarios, the journal) can fail or fake any
   * answer and read every request: the mailbox's rule and settings (auto, loopback, open, off).
   */
  DEV_CONTROLS: z.enum(['auto', 'loopback', 'open', 'off']).default('auto'),
  /**
   * Host names (besides addresses and `localhost`) under which the mailbox and the controls answer:
   * a page that rebinds its own domain to this machine is refused by its name. Comma-separated.
   */
  DEV_HOSTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The journal keeps at most this many requests and this many bytes of them (the oldest go first). */
  DEV_JOURNAL_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(JOURNAL_MAX_ENTRIES_DEFAULT),
  DEV_JOURNAL_MAX_BYTES: z.coerce.number().int().min(10_000).max(1_000_000_000).default(JOURNAL_MAX_BYTES_DEFAULT),
  /** Where uploaded files are kept: outside every served folder, shared by all server instances. */
  FILE_STORE_DIR: z.string().min(1).default(path.join(repoRoot, '.data/files')),
  /** Sizes of the memory caches (decision 006), in entries; the defaults hold the 35,000-partner demo set. */
  CACHE_SESSIONS_MAX: z.coerce.number().int().min(1).default(50_000),
  CACHE_PARTNER_INFO_MAX: z.coerce.number().int().min(1).default(40_000),
  CACHE_WORKBENCH_MAX: z.coerce.number().int().min(1).default(2_000),
  /** Orders pages (about 7 KB of text each at 20 orders): the partners who looked at theirs lately. */
  CACHE_ORDERS_MAX: z.coerce.number().int().min(1).default(2_000),
  /** Searched totals (a number each): the searches staff paged through lately. */
  CACHE_SEARCH_TOTALS_MAX: z.coerce.number().int().min(1).default(2_000),
  /** The forensics lists' searches (every pair a search found: 10 KB for a hundred). */
  CACHE_FORENSIC_SEARCHES_MAX: z.coerce.number().int().min(1).default(200),
  /** The most pairs of one such search kept (80 KB at 1,000); a larger search is paged by its statement each time. */
  CACHE_FORENSIC_SEARCH_PAIRS_MAX: z.coerce.number().int().min(0).default(1_000),
  /** The forensics comparison pages as answered (11 KB of text for twenty pairs). */
  CACHE_FORENSIC_PAGES_MAX: z.coerce.number().int().min(1).default(200),
  /** What one account may upload (security finding F1); the defaults are the contract's UPLOAD_BUDGET. */
  UPLOAD_FILES_PER_MINUTE: z.coerce.number().int().min(1).default(UPLOAD_BUDGET.perMinute.files),
  UPLOAD_BYTES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .default(UPLOAD_BUDGET.perMinute.bytes),
  UPLOAD_STORED_BYTES: z.coerce.number().int().min(1).default(UPLOAD_BUDGET.storedBytes),
  UPLOAD_UNUSED_LIFETIME_MS: z.coerce.number().int().min(0).default(UPLOAD_BUDGET.unusedFileLifetimeMs),
  UPLOAD_DISK_RESERVE_BYTES: z.coerce.number().int().min(0).default(UPLOAD_BUDGET.diskReserveBytes),
  /** The safety net: a cached value older than this is read again even if the feed said nothing. */
  CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).default(60_000),
});

/** Environment variables the server reads (the compose test checks docker-compose.yml against them). */
export const SERVER_ENV_KEYS = Object.keys(envShape.shape);

const envSchema = envShape.superRefine((env, ctx) => {
  if (env.NODE_ENV !== 'production') return;
  for (const key of ['JWT_SECRET', 'INTERNAL_API_TOKEN'] as const) {
    const problem = productionSecretProblem(env[key]);
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `${key} ${problem}` });
  }
});

export interface UploadBudget {
  filesPerMinute: number;
  bytesPerMinute: number;
  storedBytes: number;
  unusedFileLifetimeMs: number;
  /** Uploads are refused while the file store's disk has less free space than this (the database may share it). */
  diskReserveBytes: number;
}

/** Server configuration, parsed once from the environment; nothing else reads process.env. */
export interface ServerConfig {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  gatewayUrl: string;
  /** Folder of the built web app; served under /PartnerMgmtApp/ when it exists. */
  webDistDir: string;
  /** Sessions idle longer than this answer HTTP 440 (spec section 9: 20 minutes). */
  idleTimeoutMs: number;
  logLevel: string;
  /** Outgoing mail goes here; `npm start` runs a local sink on the default. */
  smtpUrl: string;
  mailFrom: string;
  /** Origin used in links sent by e-mail (the verification link). */
  publicUrl: string;
  /** Who may read the dev mailbox (the outbox of OTPs and links); see DEV_MAILBOX. */
  devMailbox: DevAccess;
  /** Who may use the developer controls; when off, none of them runs (see DEV_CONTROLS). */
  devControls: DevAccess;
  /** Host names the dev-only services answer under besides addresses and `localhost` (DEV_HOSTS). */
  devHosts: string[];
  journal: { maxEntries: number; maxBytes: number };
  trustProxyHops: number;
  internalApiToken: string;
  /** Origins whose pages may open the voice WebSocket through the proxy: the portal's own and corsOrigins. */
  allowedOrigins: string[];
  /** Other origins whose pages may call the API (CORS_ORIGINS, with their loopback twins). */
  corsOrigins: string[];
  /** Folder of the uploaded files (FILE_STORE_DIR). */
  fileStoreDir: string;
  /** What one account may upload, and how long an unused file is kept. */
  uploads: UploadBudget;
  /** Bounds of the memory caches kept while the change feed vouches for them. */
  caches: {
    maxAgeMs: number;
    sessions: number;
    partnerInfo: number;
    workbench: number;
    orders: number;
    searchTotals: number;
    forensicSearches: number;
    forensicSearchPairs: number;
    forensicPages: number;
  };
  /** Settings the web app reads at start-up (injected into index.html). */
  client: { idleTimeoutMs: number; externalLoginUrl: string };
}

/** Who may use a dev-only service: 'auto' is loopback, unless in production or listening beyond loopback. */
export type DevAccess = 'loopback' | 'open' | 'off';
const devAccess = (setting: DevAccess | 'auto', e: { NODE_ENV: string; HOST: string }): DevAccess =>
  setting === 'auto' ? (e.NODE_ENV === 'production' || !isLoopbackHost(e.HOST) ? 'off' : 'loopback') : setting;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = parseEnv(envSchema, env, 'server');
  const corsOrigins = e.CORS_ORIGINS ?? defaultCorsOrigins(e.NODE_ENV);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    gatewayUrl: e.GATEWAY_URL,
    webDistDir: e.WEB_DIST_DIR,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    devMailbox: devAccess(e.DEV_MAILBOX, e),
    devControls: devAccess(e.DEV_CONTROLS, e),
    devHosts: e.DEV_HOSTS,
    journal: { maxEntries: e.DEV_JOURNAL_MAX_ENTRIES, maxBytes: e.DEV_JOURNAL_MAX_BYTES },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    internalApiToken: e.INTERNAL_API_TOKEN,
    allowedOrigins: withLoopbackTwins([originOf(e.PUBLIC_URL)!, ...corsOrigins]),
    corsOrigins: withLoopbackTwins(corsOrigins),
    fileStoreDir: path.resolve(e.FILE_STORE_DIR),
    uploads: {
      filesPerMinute: e.UPLOAD_FILES_PER_MINUTE,
      bytesPerMinute: e.UPLOAD_BYTES_PER_MINUTE,
      storedBytes: e.UPLOAD_STORED_BYTES,
      unusedFileLifetimeMs: e.UPLOAD_UNUSED_LIFETIME_MS,
      diskReserveBytes: e.UPLOAD_DISK_RESERVE_BYTES,
    },
    caches: {
      maxAgeMs: e.CACHE_MAX_AGE_MS,
      sessions: e.CACHE_SESSIONS_MAX,
      partnerInfo: e.CACHE_PARTNER_INFO_MAX,
      workbench: e.CACHE_WORKBENCH_MAX,
      orders: e.CACHE_ORDERS_MAX,
      searchTotals: e.CACHE_SEARCH_TOTALS_MAX,
      forensicSearches: e.CACHE_FORENSIC_SEARCHES_MAX,
      forensicSearchPairs: e.CACHE_FORENSIC_SEARCH_PAIRS_MAX,
      forensicPages: e.CACHE_FORENSIC_PAGES_MAX,
    },
    client: { idleTimeoutMs: e.CLIENT_IDLE_TIMEOUT_MS ?? e.IDLE_TIMEOUT_MS, externalLoginUrl: e.EXTERNAL_LOGIN_URL },
  };
}
