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
    const onActivity = () => markActivity();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    const timer = setInterval(
      () => {
        if (!session.get().token || Date.now() - lastActivity() < timeoutMs) return;
        const pageName = findRoute(appPath(window.location.pathname))?.pageName ?? '';
        const external = (EXTERNAL_IDLE_REDIRECT_PAGES as readonly string[]).includes(pageName);
        // Logging out (and the contract it speaks) loads only when it is needed.
        void import('../features/auth/api.ts').then(async ({ logout }) => {
          if (!external) return logout(IDLE_LOGIN_PATH);
          await logout(null);
          leaveApp(webConfig.externalLoginUrl);
        });
      },
      Math.min(CHECK_INTERVAL_MS, timeoutMs / 4),
    );
    return () => {
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, []);
  return null;
}
