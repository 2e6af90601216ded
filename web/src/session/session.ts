import {
  ONBOARD_USER_STATUSES,
  SESSION_KEYS,
  USER_ROLES,
  type OnboardUserStatus,
  type SigninResponse,
  type UserRole,
} from '@pp/contract';
import { createStore, useStore } from '../lib/store.ts';

/** What the pages know of the signed-in user: the tab's session storage of spec section 3, and the token's claims. */
export interface SessionSnapshot {
  token: string | null;
  auditNumber: string | null;
  companyCode: number | null;
  companyName: string | null;
  categoryCode: string | null;
  role: UserRole | null;
  /** Onboarding user status read from the stored token (spec sections 2 and 4). */
  userStatus: OnboardUserStatus | null;
}

/** Reads the claims of a token (not verified here: the server checks every call). */
function claimsOf(token: string | null): { role: UserRole | null; userStatus: OnboardUserStatus | null } {
  const payload = token?.split('.')[1];
  if (!payload) return { role: null, userStatus: null };
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: string; userStatus?: string };
    return {
      role: USER_ROLES.find((r) => r === claims.role) ?? null,
      userStatus: ONBOARD_USER_STATUSES.find((s) => s === claims.userStatus) ?? null,
    };
  } catch {
    return { role: null, userStatus: null };
  }
}

function read(): SessionSnapshot {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  const companyCode = sessionStorage.getItem(SESSION_KEYS.currentCompanyCode);
  return {
    token,
    auditNumber: sessionStorage.getItem(SESSION_KEYS.auditNumber),
    companyCode: companyCode === null ? null : Number(companyCode),
    companyName: sessionStorage.getItem(SESSION_KEYS.currentCompanyName),
    categoryCode: sessionStorage.getItem(SESSION_KEYS.currentCategoryCode),
    ...claimsOf(token),
  };
}

const store = createStore<SessionSnapshot>(read());
const write = (key: string, value: string | number | null) =>
  value === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, String(value));

/**
 * The browser session of spec section 3, in sessionStorage (each tab has its own, so two tabs can
 * be signed in as different users), mirrored in a store that pages subscribe to with useSession().
 */
export const session = {
  /** The current snapshot, for code outside React (the HTTP client, guards' decisions). */
  get: (): SessionSnapshot => store.get(),
  /** Re-reads storage (another script, or a test, wrote it directly). */
  reload: () => store.set(read()),

  start(signin: SigninResponse) {
    write(SESSION_KEYS.token, signin.accessToken);
    write(SESSION_KEYS.auditNumber, signin.auditNumber);
    this.setCompany(signin.currentCompanyCode, signin.currentCompanyName, signin.currentCategoryCode);
  },

  setCompany(companyCode: number | null, companyName: string | null, categoryCode: string | null) {
    write(SESSION_KEYS.currentCompanyCode, companyCode);
    write(SESSION_KEYS.currentCompanyName, companyName);
    write(SESSION_KEYS.currentCategoryCode, categoryCode);
    store.set(read());
  },

  setRoute(route: string) {
    write(SESSION_KEYS.currentRoute, route);
  },

  /** A new token for the same session: the server answers one when the onboarding status changes. */
  setToken(token: string) {
    write(SESSION_KEYS.token, token);
    store.set(read());
  },

  clearToken() {
    write(SESSION_KEYS.token, null);
    store.set(read());
  },

  clear() {
    for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
    store.set(read());
  },
};

/** The signed-in user's session, re-rendering when it changes (sign-in, company switch, logout, 440). */
export function useSession(): SessionSnapshot {
  return useStore(store);
}
