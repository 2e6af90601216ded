import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_MESSAGES, SESSION_KEYS, USER_ANONYMOUS, api, gatewayApi } from '@pp/contract';
import { alerts, pendingRequests } from '../lib/ui-state.ts';
import { signedIn } from '../test/session.ts';
import {
  ApiError,
  IDLE_LOGIN_PATH,
  MalformedAnswerError,
  SessionEndedError,
  call,
  callData,
  failureText,
  http,
} from './client.ts';
import { registerNavigator } from './navigation.ts';

const navigations: string[] = [];
let requests: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status }));
    }),
  );
}

beforeEach(() => {
  navigations.length = 0;
  requests = [];
  registerNavigator((to) => navigations.push(to));
});
afterEach(() => {
  registerNavigator(null);
  vi.unstubAllGlobals();
  alerts.set([]);
});

describe('the HTTP client (spec sections 7 and 8)', () => {
  it('builds the URL from the contract, sends the bearer and answers the body on 200', async () => {
    signedIn();
    answer(200, { response: 'User Category Audit Recorded', failureMessage: null });
    const body = await call(api.access.categoryAudit, { params: { categoryCode: 'INF-SUP', companyCode: 8 } });
    expect(body.response).toBe('User Category Audit Recorded');
    expect(requests[0]!.url).toBe('/partner-api/api/user-category-audit/category-code/INF-SUP/company-code/8');
    expect(new Headers(requests[0]!.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('passes 400, 403 and 404 bodies to the caller as an ApiError with the server message', async () => {
    for (const status of [400, 403, 404]) {
      answer(status, { response: null, failureMessage: `refused ${status}`, errorCode: status });
      const error = await http('GET', '/partner-api/api/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).failureMessage).toBe(`refused ${status}`);
    }
    expect(navigations).toEqual([]);
  });

  it('on HTTP 440 clears the whole session and goes to Login with the idle hint', async () => {
    signedIn();
    sessionStorage.setItem(SESSION_KEYS.currentCompanyCode, '1');
    answer(440, { response: null, failureMessage: UI_MESSAGES.sessionIdle, errorCode: 440 });
    await expect(http('GET', '/partner-api/api/partner/info')).rejects.toBeInstanceOf(SessionEndedError);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.currentCompanyCode)).toBeNull();
    expect(navigations).toEqual([IDLE_LOGIN_PATH]);
  });

  it('on a body errorCode 401 clears the token and goes to the start page, error USER_ANONYMOUS', async () => {
    signedIn();
    answer(401, { response: null, failureMessage: UI_MESSAGES.sessionEnded, errorCode: 401 });
    const error = await http('GET', '/partner-api/api/partner/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({ status: 401, message: USER_ANONYMOUS });
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.auditNumber)).toBe('42');
    expect(navigations).toEqual(['/home']);
  });

  it('alerts "service down" on a 502 of the API, but not of the chat gateway', async () => {
    answer(502, { response: null, failureMessage: UI_MESSAGES.serviceDown, errorCode: 502 });
    await expect(http('GET', '/partner-api/api/company')).rejects.toMatchObject({ status: 502 });
    expect(alerts.get().map((a) => a.message)).toEqual([UI_MESSAGES.serviceDown]);
    alerts.set([]);
    await expect(call(gatewayApi.bot, { body: { sender: 's', message: 'hi' } })).rejects.toMatchObject({ status: 502 });
    expect(alerts.get()).toEqual([]);
  });

  it('shows the spinner for every call except those ending in /bot', async () => {
    const seen: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        seen.push(pendingRequests.get());
        return Promise.resolve(new Response('[]', { status: 200 }));
      }),
    );
    await http('GET', '/partner-api/api/company');
    await call(gatewayApi.bot, { body: { sender: 's', message: 'hi' } });
    expect(seen).toEqual([1, 0]);
    expect(pendingRequests.get()).toBe(0);
  });

  it('does not send a call called off before it started (a query whose page has gone)', async () => {
    // As the browser's fetch does: a signal already aborted fails the call before anything is sent.
    const sent = vi.fn((_url: string, init: RequestInit) =>
      init.signal?.aborted ? Promise.reject(init.signal.reason as Error) : Promise.resolve(new Response('{}', { status: 200 })),
    );
    vi.stubGlobal('fetch', sent);
    const cancel = new AbortController();
    const request = http('GET', '/partner-api/api/partner/info', { signal: cancel.signal });
    cancel.abort(new DOMException('The page has gone', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(pendingRequests.get()).toBe(0);
  });

  it('alerts the document-storage outage message when the body carries it', async () => {
    answer(500, { errorMsg: UI_MESSAGES.sharepointDown });
    await expect(http('POST', '/partner-api/api/fileUpload')).rejects.toBeInstanceOf(ApiError);
    expect(alerts.get().map((a) => a.message)).toEqual([UI_MESSAGES.sharepointDown]);
  });

  it('fails a 200 whose body is not JSON, or has no envelope, as a 500 does (not data that never comes)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"response": [1, 2', { status: 200 }))),
    );
    const broken = await http('GET', '/partner-api/api/partner/info').catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(MalformedAnswerError);
    expect(failureText(broken)).toBe(UI_MESSAGES.internalError);
    for (const body of [undefined, null, 'text', { failureMessage: null }]) {
      answer(200, body);
      await expect(callData(api.partner.info)).rejects.toBeInstanceOf(MalformedAnswerError);
    }
    answer(200, { response: null, failureMessage: null });
    await expect(callData(api.partner.info)).resolves.toBeNull();
  });
});
