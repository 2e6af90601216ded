import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { EXTERNAL_IDLE_REDIRECT_PAGES } from '@pp/contract';
import { IDLE_LOGIN_PATH } from '../api/client.ts';
import { leaveApp } from '../api/navigation.ts';
import { webConfig } from '../config.ts';
import { lastActivity, markActivity } from '../session/activity.ts';
import { session } from '../session/session.ts';
import { appPath, findRoute } from '../routing/routes.ts';

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'touchstart', 'wheel'] as const;
const CHECK_INTERVAL_MS = 5_000;
/** Activity this recent (or within a quarter of a shorter time-out) counts as the user being at the page now. */
const ACTIVE_WITHIN_MS = 60_000;

/**
 * Idle time-out of spec section 4: after 20 minutes without activity a signed-in user is logged
 * out (type U), the session cleared, and the login page shows the idle message; on the
 * PartnerApproval and Summary pages the user goes to the external login instead.
 */
export function IdleWatcher() {
  const location = useLocation();
  useEffect(() => markActivity(), [location.pathname]);

  useEffect(() => {
    const timeoutMs = webConfig.idleTimeoutMs;
    // A user typing a long form makes no API calls: the server's idle clock is told about them,
    // at most every quarter of the time-out, so it never ends a session the page knows is in use.
    const extendEveryMs = timeoutMs / 4;
    const activeWithinMs = Math.min(ACTIVE_WITHIN_MS, extendEveryMs);
    let extendedAt = Date.now();
    const onActivity = () => markActivity();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    // The page says its idle clock runs (what a journey that moves the clock waits for).
    document.documentElement.dataset.idleWatch = 'on';
    const timer = setInterval(
      () => {
        if (!session.get().token) return;
        const idleFor = Date.now() - lastActivity();
        if (idleFor < activeWithinMs && Date.now() - extendedAt > extendEveryMs) {
          extendedAt = Date.now();
          void import('../features/auth/api.ts').then(({ extendSession }) => extendSession()).catch(() => undefined);
        }
        if (idleFor < timeoutMs) return;
        const pageName = findRoute(appPath(window.location.pathname))?.pageName ?? '';
        const external = (EXTERNAL_IDLE_REDIRECT_PAGES as readonly string[]).includes(pageName);
        // Logging out (and the contract it speaks) loads only when it is needed.
        void import('../features/auth/logout.ts').then(async ({ logout }) => {
          if (!external) return logout(IDLE_LOGIN_PATH);
          await logout(null);
          leaveApp(webConfig.externalLoginUrl);
        });
      },
      Math.min(CHECK_INTERVAL_MS, timeoutMs / 4),
    );
    return () => {
      delete document.documentElement.dataset.idleWatch;
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, []);
  return null;
}
