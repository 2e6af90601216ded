import { SESSION_KEYS, type OnboardUserStatus, type UserRole } from '@pp/contract';
import { session } from '../session/session.ts';

/** A token the browser can read the claims of (the server checks the signature; the web does not). */
export function fakeToken(claims: { role: UserRole; userStatus: OnboardUserStatus }): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sid: 'test', sub: '1', ...claims })}.signature`;
}

/** Puts a signed-in session into this tab's sessionStorage, as a sign-in would. */
export function signedIn(claims: { role: UserRole; userStatus: OnboardUserStatus } = { role: 'PARTNER', userStatus: 'Edit' }) {
  sessionStorage.setItem(SESSION_KEYS.token, fakeToken(claims));
  sessionStorage.setItem(SESSION_KEYS.auditNumber, '42');
  session.reload();
}
