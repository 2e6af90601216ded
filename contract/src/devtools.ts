/**
 * What the developer controls share with their clients: the header a client names itself by (a
 * fault for one client, the journal filtered by client), and what the journal never keeps.
 */
export const DEV_CLIENT_HEADER = 'x-dev-client';
export const HTTP_METHODS_MATCHED = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

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
]);
/** Fields whose values keep their last four characters only (numbers a person recognises their own by). */
const NUMBER_FIELDS = new Set(['aadhaar', 'aadhaarnumber', 'accountnumber', 'confirmaccountnumber', 'bankaccountnumber']);

export const REDACTED = '[redacted]';
const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A value as the journal keeps it, for a field of this name. */
export function redactField(name: string, value: unknown): unknown {
  const key = normal(name);
  if (SECRET_FIELDS.has(key) || key.endsWith('password') || key.endsWith('otp'))
    return value === null || value === undefined ? value : REDACTED;
  if (NUMBER_FIELDS.has(key) && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value);
    return text.length <= 4 ? '••••' : `${'•'.repeat(text.length - 4)}${text.slice(-4)}`;
  }
  return redactValue(value);
}

/** A JSON value with every secret and number field redacted, however deep. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactField(k, v)]));
  }
  return value;
}

/** A body as text, redacted when it is JSON (other text is kept as it is, files are not kept). */
export function redactBody(text: string): string {
  try {
    return JSON.stringify(redactValue(JSON.parse(text)));
  } catch {
    return text;
  }
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** A URL with the values of secret query parameters (a token in a link) redacted. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const kept = redactField(safeDecode(name), value);
      return kept === value ? pair : `${name}=${encodeURIComponent(String(kept))}`;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}
