/** Business constants and limits of spec section 9, each named with its unit. */

export const IDLE_TIMEOUT_MS = 20 * 60 * 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 180 * 1000;
export const CHAT_REQUEST_TIMEOUT_MS = 8 * 1000;
export const TTS_REQUEST_TIMEOUT_MS = 100 * 1000;
export const BOT_REPLY_MIN_DELAY_MS = 800;
export const TYPING_STATE_DELAY_MS = 3 * 1000;
export const VOICE_LOADER_MS = 3 * 1000;
export const VOICE_INPUT_SAMPLE_RATE_HZ = 44_100;
export const VOICE_ENGINE_SAMPLE_RATE_HZ = 16_000;
export const ANIMATION_DURATION_MS = 1500;
export const CHAT_ICON_HIDE_SCROLL_PX = 50;
export const CHAT_LANGUAGES = ['en-IN', 'hi-IN', 'ta-IN', 'te-IN'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

export const SUPPORT_NAME_MIN_CHARS = 3;
export const SUPPORT_NAME_MAX_CHARS = 20;
export const SUPPORT_MESSAGE_MIN_CHARS = 50;
export const SUPPORT_MESSAGE_MAX_CHARS = 500;
export const SUPPORT_OTP_DIGITS = 5;
export const REGISTRATION_OTP_DIGITS = 6;
export const MOBILE_DIGITS = 10;
export const MOBILE_DISPLAY_PREFIX = '+91';
export const CHAT_FORM_FIELD_MAX_CHARS = 100;
export const USERNAME_MAX_CHARS = 30;
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 32;

/** Group company codes: 1 is the default group company, 8 the second one. */
export const COMPANY_CODES = [1, 8] as const;
export const DEFAULT_COMPANY_CODE = 1;
export const DOMESTIC_COUNTRY_CODE = 100;

export const NOTIFICATION_STATUS = { unread: 'D', read: 'R' } as const;
export const PARTNER_TYPE_ACTIVE = 'A';
export const LOGOUT_TYPE_USER = 'U';
/** Server-side end of a session that idled past IDLE_TIMEOUT_MS (not sent by clients). */
export const LOGOUT_TYPE_IDLE = 'I';
export const EMAIL_OTP_SMS_CODE = 3;

export const GUIDE_FLAP_TOP_PERCENT = 34;
export const SUPPORT_FLAP_TOP_PERCENT = 65;
export const NOTIFICATION_BOX_MAX_PX = { width: 300, height: 400 } as const;
export const MISC_TYPE_CODES = [3, 4, 5, 14, 15, 16, 24, 25, 26, 36] as const;
export const SCROLL_MESSAGE_TYPES = { onboarding: [2, 4], partner: [3, 4] } as const;
/** Message type of the notice shown above the login form (our own numbering, next to the scroll types). */
export const LOGIN_PAGE_MESSAGE_TYPE = 1;
export const ACCEPTED_UPLOAD_TYPES = ['csv', 'xls', 'xlsx', 'pdf', 'doc', 'docx', 'png', 'jpg'] as const;
export const RECOMMENDED_PDF_MAX_BYTES = 200 * 1024;
export const SUCCESS_STATUSES = [200, 201] as const;
/** The home page's claim (spec sections 1 and 9: "more than 35,000" registered partners): a business constant, not a count. */
export const PARTNERS_CLAIMED = 35_000;
/** HTTP status the server answers when a session idled past IDLE_TIMEOUT_MS (spec section 8). */
export const HTTP_SESSION_IDLE = 440;

/** Page names whose idle time-out goes to the external login instead of /login. */
export const EXTERNAL_IDLE_REDIRECT_PAGES = ['partnerapproval', 'summarypage'] as const;

/** Browser local storage key of the reader's chosen language (kept across tabs and visits). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Cookie with the same choice, which the server reads to send a page prerendered in that language
 * (the web build's prerendered.json); the app's own texts still follow the local storage key.
 */
export const LANGUAGE_COOKIE = 'pp-language';

/**
 * The root element's attribute, with the page's language, when the server sent the page's first
 * render in it (the web build's prerendered.json).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Browser session storage keys of spec section 3 (per tab). */
export const SESSION_KEYS = {
  token: 'token',
  auditNumber: 'AuditNumber',
  currentCategoryCode: 'currentCategoryCode',
  currentCompanyCode: 'currentCompanyCode',
  currentCompanyName: 'currentCompanyName',
  currentRoute: 'currentroute',
} as const;

export const USER_ROLES = [
  'PARTNER',
  'BUYER',
  'APPROVER',
  'FINANCE',
  'ADMIN',
  'SEGREGATOR',
  'CATEGORIZER',
  'FORENSICS',
  'REPORTS',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Onboarding user status carried in the token (spec sections 2 and 4). */
export const ONBOARD_USER_STATUSES = ['Approved', 'View', 'Edit'] as const;
export type OnboardUserStatus = (typeof ONBOARD_USER_STATUSES)[number];

/** One-time passwords (registration, password reset, support e-mail) live 5 minutes and allow 5 wrong tries. */
export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** After a mobile OTP is verified, registration must be submitted within this time. */
export const OTP_VERIFIED_VALID_MS = 30 * 60 * 1000;
/** smsCode values of the OTP calls: 1 registration mobile OTP, 2 password reset, 3 e-mail OTP (spec section 9). */
export const SMS_CODES = { registration: 1, passwordReset: 2, emailOtp: EMAIL_OTP_SMS_CODE } as const;
export const EMAIL_ACTIVATION_TTL_MS = 48 * 60 * 60 * 1000;
/**
 * Requests allowed per fixed window, counted in Postgres so every server and gateway instance
 * shares the count (the spec gives no figures; these are ours).
 */
export const RATE_LIMITS = {
  /** Availability and validation look-ups (username, mobile, e-mail, DUNS, national id) per client. */
  lookupPerClient: { limit: 60, windowMs: 60_000 },
  /** OTP sends (first send and resends) per mobile number or e-mail address. */
  otpSendPerTarget: { limit: 5, windowMs: 15 * 60_000 },
  /** OTP sends per client, whatever the target. */
  otpSendPerClient: { limit: 20, windowMs: 15 * 60_000 },
  /** Password-reset OTP requests per user name, whether or not it exists. */
  resetRequestPerName: { limit: 5, windowMs: 15 * 60_000 },
  /** Sign-in attempts per client, whatever the name (SIGNIN_THROTTLE is per name and client). */
  signinPerClient: { limit: 30, windowMs: 60_000 },
  /** Verification e-mails sent again, per address. */
  activationResendPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  /** Chat messages to the assistant per client. */
  chatMessagePerClient: { limit: 60, windowMs: 60_000 },
  /** Callback requests recorded through the chat per client. */
  chatCallbackPerClient: { limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, { limit: number; windowMs: number }>;

/**
 * Report downloads one user may have in progress at once, across every server (a large report
 * streams for seconds and holds a database connection meanwhile), and when a refused one may try
 * again. A download's hold on its place ends with it, or after `leaseMs` if its server died.
 */
export const REPORT_DOWNLOADS_AT_ONCE = { perUser: 2, retryAfterSeconds: 5, leaseMs: 10 * 60_000 } as const;

/**
 * What one account may upload (security finding F1): files and bytes per minute, and bytes kept
 * at once, counted in PostgreSQL across server instances. A file no saved form uses is deleted a
 * day after its upload (or after the last form that used it let it go).
 */
export const UPLOAD_BUDGET = {
  perMinute: { files: 30, bytes: 100 * 1024 * 1024 },
  storedBytes: 500 * 1024 * 1024,
  unusedFileLifetimeMs: 24 * 60 * 60_000,
  /** The file store refuses uploads that would leave its disk with less free space than this (the database may share the disk). */
  diskReserveBytes: 1024 * 1024 * 1024,
} as const;

/**
 * Sign-in attempts per account name and client address: the first few are free, then each one
 * waits twice as long as the one before, up to a ceiling. Counting per client, not per account,
 * means a stranger's guesses cannot keep the owner out when the owner signs in from elsewhere;
 * a name that does not exist is counted the same way, so the answers do not tell who exists.
 */
export const SIGNIN_THROTTLE = {
  freeAttempts: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** A pair with no attempt for this long starts again from nothing. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;
/** Sessions the server ended because the password changed or was reset (ours, like LOGOUT_TYPE_IDLE). */
export const LOGOUT_TYPE_PASSWORD = 'P';
/** Sessions ended because the user opened more than MAX_LIVE_SESSIONS_PER_USER (ours too). */
export const LOGOUT_TYPE_SUPERSEDED = 'S';
/** Sessions an admin ended: the account was disabled, merged away or its password reset (ours too). */
export const LOGOUT_TYPE_ADMIN = 'A';
/** Live sessions (tabs and devices) one user may hold; signing in again ends the oldest beyond it. */
export const MAX_LIVE_SESSIONS_PER_USER = 10;
/** User names that would collide with the OTP paths under /api/sms/ and are never available. */
export const RESERVED_USERNAMES = ['verify', 'resend-otp', 'login-sms', 'admin', 'administrator', 'root', 'system'] as const;

/** Longest chat message and text-to-speech text the gateway accepts, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 500;
/** Largest request body the gateway reads (chat messages and texts to speak are small); the proxy applies it first. */
export const GATEWAY_BODY_LIMIT_BYTES = 64 * 1024;
/** A chat conversation with no message for this long is forgotten; the sender starts over. */
export const CHAT_CONVERSATION_IDLE_MS = 30 * 60_000;
export const TTS_MAX_CHARS = 1000;
/** HTTP header naming the chat language (spec section 7). */
export const CHAT_LANGUAGE_HEADER = 'lang';
/** The chat assistant's name (the panel reads 'Chat with Guru!'; spec section 8 says 'Trouble connecting Guru!'). */
export const CHAT_ASSISTANT_NAME = 'Guru';

/** A workflow request number: flow prefix, company, year, sequence (ONB-1-2026-000123). */
export const REQUEST_NUMBER_PATTERN = /^[A-Z]{3}-\d{1,3}-\d{4}-\d{6}$/;
