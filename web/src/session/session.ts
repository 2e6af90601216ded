import { SESSION_KEYS, ONBOARD_USER_STATUSES, type OnboardUserStatus, type SigninResponse, type UserRole } from '@pp/contract';

/**
 * The browser session of spec section 3, in sessionStorage: each tab has its own, so two tabs can
 * be signed in as different users.
 */
export const session = {
  token: () => sessionStorage.getItem(SESSION_KEYS.token),
  auditNumber: () => sessionStorage.getItem(SESSION_KEYS.auditNumber),
  companyCode: () => sessionStorage.getItem(SESSION_KEYS.currentCompanyCode),
  companyName: () => sessionStorage.getItem(SESSION_KEYS.currentCompanyName),
  categoryCode: () => sessionStorage.getItem(SESSION_KEYS.currentCategoryCode),

  start(signin: SigninResponse) {
    sessionStorage.setItem(SESSION_KEYS.token, signin.accessToken);
    sessionStorage.setItem(SESSION_KEYS.auditNumber, signin.auditNumber);
    this.setCompany(signin.currentCompanyCode, signin.currentCompanyName, signin.currentCategoryCode);
  },

  setCompany(companyCode: number | null, companyName: string | null, categoryCode: string | null) {
    const set = (key: string, value: string | number | null) =>
      value === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, String(value));
    set(SESSION_KEYS.currentCompanyCode, companyCode);
    set(SESSION_KEYS.currentCompanyName, companyName);
    set(SESSION_KEYS.currentCategoryCode, categoryCode);
  },

  setRoute(route: string) {
    sessionStorage.setItem(SESSION_KEYS.currentRoute, route);
  },

  clearToken() {
    sessionStorage.removeItem(SESSION_KEYS.token);
  },

  clear() {
    for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
  },
};

interface TokenClaims {
  role?: UserRole;
  userStatus?: OnboardUserStatus;
  sub?: string;
}

/** Reads the claims of the stored token (not verified here: the server checks every call). */
export function tokenClaims(): TokenClaims {
  const token = session.token();
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return {};
  }
}

/** Onboarding user status read from the stored token (spec sections 2 and 4). */
export function storedUserStatus(): OnboardUserStatus | null {
  const status = tokenClaims().userStatus;
  return status && ONBOARD_USER_STATUSES.includes(status) ? status : null;
}
