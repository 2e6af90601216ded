import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  GATEWAY_PREFIX,
  HTTP_SESSION_IDLE,
  UI_MESSAGES,
  SUCCESS_STATUSES,
  USER_ANONYMOUS,
  endpointUrl,
  type Endpoint,
  type ErrorBody,
} from '@pp/contract';
import type { z } from 'zod';
import i18next, { languageOf } from '../i18n/index.ts';
import { apiErrorFlag, pendingRequests, showAlert } from '../lib/ui-state.ts';
import { href } from '../routing/routes.ts';
import { nextTask } from '../next-task.ts';
import { session } from '../session/session.ts';
import { navigateTo } from './navigation.ts';

/** A failed call; `body` is the server's answer for 400/401/403/404 (spec section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** What to show the user: the server's failureMessage when it gave one. */
  get failureMessage(): string | null {
    const text = this.body?.failureMessage;
    return typeof text === 'string' && text.trim() ? text : null;
  }
}

/**
 * The session is over (HTTP 440 idle, or a body errorCode 401): the client has already cleared it
 * and moved the user on (spec section 8), so a feature has nothing to show for it.
 */
export class SessionEndedError extends ApiError {
  override readonly name = 'SessionEndedError';
}

/**
 * A success status whose body is not the contract's (not JSON, empty, or no envelope): for the page
 * it failed as a 500 does, so it shows its error state rather than waiting on data that never comes.
 */
export class MalformedAnswerError extends ApiError {
  override readonly name = 'MalformedAnswerError';
}

/**
 * What to tell the user about a failed call: the server's failureMessage when it gave one (spec
 * section 7), else the page's own text for what went wrong, in the page's language. The one place
 * where error codes become texts.
 */
export function failureText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.failureMessage) return error.failureMessage;
  if (fallback) return fallback;
  if (error instanceof ApiError && error.status === 403) return i18next.t('messages:accessDenied');
  if (error instanceof ApiError && error.status === 502) return i18next.t('messages:serviceDown');
  return i18next.t('messages:internalError');
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * No spinner. The spec exempts only calls ending in /bot; reading a chat reply aloud is also
   * background work, and a page-blocking spinner for it would freeze the chat while speech is made.
   */
  background?: boolean;
}

const PASSED_ON_STATUSES = [400, 401, 403, 404];
const isChatbotUrl = (url: string) => url.startsWith(GATEWAY_PREFIX) || url.includes(`${GATEWAY_PREFIX}/`);

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Where an idle user lands: the login page, told to show why (spec section 4). */
export const IDLE_LOGIN_PATH = href('login', { sourceFrom: 'ShowValidationMessage' });

/** HTTP 440: everything in the session goes (spec section 8). */
function endSessionForIdle() {
  session.clear();
  navigateTo(IDLE_LOGIN_PATH);
}

/**
 * The one HTTP client of the app: bearer header, spinner on every call except those ending in
 * /bot, time-out, and the error mapping of spec section 8.
 */
export async function http<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  // A call starts in a task of its own: a page's queries all start in the effects of its first
  // render, and /partnerdashboard's nine (headers, the session, fetch itself) were one task of 60-85
  // ms on this machine after that render, 240-340 ms on Lighthouse's phone (its blocking time).
  await nextTask();
  const showSpinner = !options.background && !url.split('?')[0]!.endsWith('/bot');
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  // Called off in the task it waited (a query whose page has gone): the listener above never hears it.
  if (options.signal?.aborted) controller.abort(options.signal.reason);

  // The server says its messages in the page's language.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': languageOf(i18next.language),
    ...options.headers,
  };
  const { token } = session.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  if (showSpinner) pendingRequests.set((n) => n + 1);
  try {
    const res = await fetch(withQuery(url, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: controller.signal,
    });
    const text = await res.text();
    let body: unknown = null;
    let parsed = true;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      parsed = false;
    }
    const errorBody = (body && typeof body === 'object' ? body : null) as (Partial<ErrorBody> & { errorMsg?: string }) | null;

    if (!(SUCCESS_STATUSES as readonly number[]).includes(res.status)) apiErrorFlag.set(true);

    if (res.status === 502 && !isChatbotUrl(url)) {
      void showAlert(i18next.t('messages:serviceDown'));
      throw new ApiError(502, errorBody, UI_MESSAGES.serviceDown);
    }
    if (res.status === HTTP_SESSION_IDLE) {
      endSessionForIdle();
      throw new SessionEndedError(res.status, errorBody, UI_MESSAGES.sessionIdle);
    }
    if (errorBody?.errorCode === 401) {
      session.clearToken();
      navigateTo(href('home'));
      throw new SessionEndedError(401, errorBody, USER_ANONYMOUS);
    }
    if (errorBody?.errorMsg === UI_MESSAGES.sharepointDown) {
      void showAlert(i18next.t('messages:sharepointDown'));
    }
    if ((SUCCESS_STATUSES as readonly number[]).includes(res.status)) {
      if (!parsed) throw new MalformedAnswerError(res.status, null, `Malformed answer (status ${res.status})`);
      return body as T;
    }
    if (PASSED_ON_STATUSES.includes(res.status)) {
      throw new ApiError(res.status, errorBody, errorBody?.failureMessage ?? `Request failed with status ${res.status}`);
    }
    throw new ApiError(res.status, errorBody, `Request failed with status ${res.status}`);
  } finally {
    clearTimeout(timer);
    if (showSpinner) pendingRequests.set((n) => n - 1);
  }
}

type Infer<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodType
    ? z.input<Exclude<T, undefined>>
    : undefined;

/** The path parameters an endpoint names, each a string or number: a misspelt one does not compile. */
export type PathParams<E extends Endpoint> = [Exclude<E['params'], undefined>] extends [never]
  ? undefined
  : Exclude<E['params'], undefined> extends z.ZodObject<infer Shape>
    ? { [K in keyof Shape]: string | number }
    : undefined;

type CallInput<E extends Endpoint> = { body?: Infer<E['body']>; query?: Infer<E['query']> } & ([PathParams<E>] extends [undefined]
  ? { params?: undefined }
  : { params: PathParams<E> });

type CallArgs<E extends Endpoint> = [PathParams<E>] extends [undefined]
  ? [input?: CallInput<E>, options?: Omit<RequestOptions, 'body' | 'query'>]
  : [input: CallInput<E>, options?: Omit<RequestOptions, 'body' | 'query'>];

/** Calls a contract endpoint (partner API or chat gateway), with its path parameters and query filled in. */
export function call<E extends Endpoint>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<z.output<E['response']>> {
  const url = endpointUrl(endpoint, {
    ...(input?.params ? { params: input.params } : {}),
    ...(input?.query ? { query: input.query } : {}),
  });
  return http(endpoint.method, url, { ...options, body: input?.body });
}

/** The `response` of an endpoint's envelope: what a feature's queries and mutations hand to the page. */
export async function callData<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<z.output<E['response']> extends { response: infer R } ? R : never> {
  const answer = (await call(endpoint, ...args)) as { response: unknown } | null;
  if (!answer || typeof answer !== 'object' || !('response' in answer))
    throw new MalformedAnswerError(200, null, `No envelope in the answer of ${endpoint.method} ${endpoint.path}`);
  return answer.response as z.output<E['response']> extends { response: infer R } ? R : never;
}
