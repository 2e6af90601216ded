import { CLIENT_CONFIG_ELEMENT_ID, IDLE_TIMEOUT_MS, WEB_BASE_PATH } from '@pp/contract';

/**
 * Run-time settings: the server injects them into index.html as JSON (so one build serves every
 * stack); Vite's dev server has none, and the defaults apply. Read by hand rather than with zod,
 * so that every page does not download a schema library for two values.
 */
export interface WebConfig {
  /** Client idle time-out (spec section 9: 20 minutes); test stacks shorten it. */
  idleTimeoutMs: number;
  /** Where staff pages send a user without a token, and idle users of two staff pages (spec section 2). */
  externalLoginUrl: string;
}

const DEFAULTS: WebConfig = { idleTimeoutMs: IDLE_TIMEOUT_MS, externalLoginUrl: `${WEB_BASE_PATH}/group-sso` };

export function readConfig(text: string | null | undefined): WebConfig {
  let injected: Partial<Record<keyof WebConfig, unknown>> = {};
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (value && typeof value === 'object') injected = value;
  } catch {
    // A broken injection falls back to the defaults.
  }
  const { idleTimeoutMs, externalLoginUrl } = injected;
  return {
    idleTimeoutMs:
      typeof idleTimeoutMs === 'number' && Number.isInteger(idleTimeoutMs) && idleTimeoutMs > 0
        ? idleTimeoutMs
        : DEFAULTS.idleTimeoutMs,
    externalLoginUrl:
      typeof externalLoginUrl === 'string' && externalLoginUrl !== '' ? externalLoginUrl : DEFAULTS.externalLoginUrl,
  };
}

export const webConfig = readConfig(document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent);
