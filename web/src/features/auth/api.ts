import { LOGOUT_TYPE_USER, api, encryptId, type SigninBody } from '@pp/contract';
import { call } from '../../api/client.ts';
import { navigateTo } from '../../api/navigation.ts';
import { queryClient } from '../../app/query-client.ts';
import { session } from '../../session/session.ts';
import { lastActivity } from '../../session/activity.ts';

export async function signin(body: SigninBody) {
  const answer = await call(api.auth.signin, { body });
  session.start(answer.response);
  return answer.response;
}

/**
 * Logs out (type U) with the payload of spec section 3, then clears the tab's session whatever
 * the server said, and goes to /login (navbar) or /home (partner layout); null stays put for a
 * caller that leaves the app itself.
 */
export async function logout(destination: string | null) {
  const auditNumber = session.auditNumber();
  try {
    if (session.token() && auditNumber) {
      await call(api.auth.logout, {
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
