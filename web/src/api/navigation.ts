import { WEB_BASE_PATH } from '@pp/contract';

/**
 * The HTTP client redirects (440, anonymous user) outside React; the router registers its
 * navigate function here so those redirects stay client-side.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

export function registerNavigator(fn: Navigate | null) {
  navigateFn = fn;
}

export function navigateTo(to: string) {
  if (navigateFn) navigateFn(to, { replace: true });
  else window.location.assign(`${WEB_BASE_PATH}${to}`);
}

/** A full-page navigation to another application (the external login page). */
export function leaveApp(url: string) {
  window.location.assign(url);
}
