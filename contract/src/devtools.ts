/**
 * What the developer controls share with their clients: the header a client names itself by (a
 * fault for one client, the journal filtered by client), and what the journal never keeps.
 */
export const DEV_CLIENT_HEADER = 'x-dev-client';
export const HTTP_METHODS_MATCHED = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * Headers the journal keeps as they came: what a developer reads to see what was asked and
 * answered, and nothing that proves who someone is. Every other header's value is redacted, a
 * header nobody thought of included; `referer` and `location` keep their address with its secrets
 * redacted. The browser's own `sec-*` headers are kept too.
 */
export const JOURNAL_SAFE_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-request-headers',
  'access-control-request-method',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-security-policy',
  'content-type',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'date',
  'etag',
  'expires',
  'host',
  'if-modified-since',
  'if-none-match',
  'keep-alive',
  'lang',
  'last-modified',
  'origin',
  'origin-agent-cluster',
  'pragma',
  'referrer-policy',
  'retry-after',
  'strict-transport-security',
  'transfer-encoding',
  'user-agent',
  'vary',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-request-id',
  'x-served-by',
  'x-xss-protection',
  DEV_CLIENT_HEADER,
]);
/** Headers holding an address: kept, with the address's secrets redacted. */
const ADDRESS_HEADERS = new Set(['referer', 'location']);

/** Fields whose values the journal replaces whole (secrets), by name, case and separators ignored. */
const SECRET_FIELDS = new Set([
  'password',
  'newpassword',
  'oldpassword',
  'currentpassword',
  'confirmpassword',
  'otp',
  'smscode',
  'payload',
  'accesstoken',
  'token',
  'refreshtoken',
  'authorization',
  'cookie',
  'setcookie',
  'xinternaltoken',
  // The one-use tickets of the group's sign-in (summary login's AuditNo) and of procurement.
  'auditno',
  'ticket',
]);
/** Fields whose values keep their last four characters only (numbers a person recognises their own by). */
const NUMBER_FIELDS = new Set([
  'aadhaar',
  'aadhaarnumber',
  'accountnumber',
  'confirmaccountnumber',
  'bankaccountnumber',
  'identitycard',
]);

export const REDACTED = '[redacted]';

/** What the journal does with a field's value, by the field's name. */
const enum FieldKind {
  Plain,
  Secret,
  Number,
}
/** Each field name's kind: a body repeats the same few names, so each is worked out once (a bounded memo). */
const kinds = new Map<string, FieldKind>();
function kindOf(name: string): FieldKind {
  let kind = kinds.get(name);
  if (kind === undefined) {
    // Case and separators ignored: `Account_Number` is `accountnumber`.
    const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    kind =
      SECRET_FIELDS.has(key) || key.endsWith('password') || key.endsWith('otp')
        ? FieldKind.Secret
        : NUMBER_FIELDS.has(key)
          ? FieldKind.Number
          : FieldKind.Plain;
    if (kinds.size >= 10_000) kinds.clear();
    kinds.set(name, kind);
  }
  return kind;
}
const lastFour = (text: string) => (text.length <= 4 ? '••••' : `${'•'.repeat(text.length - 4)}${text.slice(-4)}`);

/** Twelve digits standing alone: an Aadhaar number, or a bank account number, whatever the field is called. */
const TWELVE_DIGITS = /(?<!\d)\d{12}(?!\d)/g;
/** A bank account as forensics and the bank look-ups write it, after its IFSC: `INDB0003675:252645078856`. */
const ACCOUNT_AFTER_IFSC = /\b([A-Z]{4}0[A-Z0-9]{6}):([A-Za-z0-9./\\-]+)/g;

/** What either needs: a superset found in one pass, so text with neither is read once. */
const MAY_HOLD_NUMBER = /\d{12}|[A-Z]{4}0[A-Z0-9]{6}:/;

/** Text with the numbers it holds masked to their last four digits (see TWELVE_DIGITS, ACCOUNT_AFTER_IFSC). */
export function maskNumbers(text: string): string {
  // Both patterns need twelve characters: most values are shorter, or hold neither.
  if (text.length < 12 || !MAY_HOLD_NUMBER.test(text)) return text;
  return text
    .replace(ACCOUNT_AFTER_IFSC, (_, ifsc: string, account: string) => `${ifsc}:${lastFour(account)}`)
    .replace(TWELVE_DIGITS, lastFour);
}

/** A value as the journal keeps it, for a field of this name. */
export function redactField(name: string, value: unknown): unknown {
  switch (kindOf(name)) {
    case FieldKind.Secret:
      return value === null || value === undefined ? value : REDACTED;
    case FieldKind.Number:
      if (typeof value === 'string' || typeof value === 'number') return lastFour(String(value));
  }
  return redactValue(value);
}

/** A string that is an address with a query (a redirect carrying a ticket), relative or whole. */
const ADDRESS_WITH_QUERY = /^(https?:\/\/|\/)[^\s?]*\?\S*=/;

/**
 * A JSON value with every secret and number field redacted, however deep; an address's secret
 * query values redacted, and numbers masked, in every string. Objects and arrays are redacted in
 * place (the journal's are its own, just parsed: copying each was most of the journal's work).
 */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const first = value.charCodeAt(0);
    // An address begins with `/` or `h`: most strings need no reading for one.
    return (first === 47 || first === 104) && ADDRESS_WITH_QUERY.test(value) ? redactUrl(value) : maskNumbers(value);
  }
  if (typeof value === 'number')
    return value >= 1e11 && value < 1e12 && Number.isInteger(value) ? lastFour(String(value)) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactValue(value[i]);
    return value;
  }
  if (value && typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    for (const name of Object.keys(fields)) fields[name] = redactField(name, fields[name]);
  }
  return value;
}

/** A body as text: JSON redacted field by field; other text with its numbers masked (files are not kept). */
export function redactBody(text: string): string {
  try {
    return JSON.stringify(redactValue(JSON.parse(text)));
  } catch {
    return maskNumbers(text);
  }
}

/** A header's value as the journal keeps it. */
export function redactHeader(name: string, value: string): string {
  const key = name.toLowerCase();
  if (JOURNAL_SAFE_HEADERS.has(key) || key.startsWith('sec-')) return value;
  if (ADDRESS_HEADERS.has(key)) return redactUrl(value);
  return REDACTED;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * A URL as the journal keeps it: the path segments at `secretSegments` (a secret path parameter's
 * place) redacted, the values of secret query parameters redacted, and numbers masked throughout.
 */
export function redactUrl(url: string, secretSegments: readonly number[] = []): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const segments = path.split('/');
  for (const index of secretSegments) if (index < segments.length) segments[index] = REDACTED;
  const keptPath = maskNumbers(segments.join('/'));
  if (at < 0) return keptPath;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return maskNumbers(pair);
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const kept = redactField(safeDecode(name), safeDecode(value));
      return kept === safeDecode(value) ? pair : `${name}=${encodeURIComponent(String(kept))}`;
    });
  return `${keptPath}?${query.join('&')}`;
}
