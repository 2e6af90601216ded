import { authEndpoints, encryptId, LOGOUT_TYPE_USER } from '@pp/contract';
import { call } from '../../api/client.ts';
import { navigateTo } from '../../api/navigation.ts';
import { queryClient } from '../../api/query-client.ts';
import { session } from '../../session/session.ts';
import { lastActivity } from '../../session/activity.ts';

// A module of its own, not in api.ts: the login audit number goes encrypted, and the sign-in and
// registration pages, which import api.ts, need not load crypto-js (6 KB compressed) for it.
/**
 * Logs out (type U) with the payload of spec section 3, then clears the tab's session whatever
 * the server said, and goes to /login (navbar) or /home (partner layout); null stays put for a
 * caller that leaves the app itself.
 */
export async function logout(destination: string | null) {
  const { auditNumber, token } = session.get();
  try {
    if (token && auditNumber) {
      await call(authEndpoints.logout, {
        body: {
          lastActionTime: new Date(lastActivity()).toISOString(),
          loginAuditNumber: encryptId(auditNumber),
          logoutTime: new Date().toISOString(),
          logoutType: LOGOUT_TYPE_USER,
        },
      });
    }
  } catch {
    // The session ends on this side regardless; an expired server session is already over.
  } finally {
    session.clear();
    queryClient.clear();
    if (destination) navigateTo(destination);
  }
}
