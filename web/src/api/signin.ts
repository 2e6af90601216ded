import { accountEndpoints, authEndpoints, type SigninBody } from '@pp/contract';
import { href } from '../routing/routes.ts';
import { session } from '../session/session.ts';
import { call } from './client.ts';

/**
 * Signs in and finds where the user lands (GET /api/dashboard/redirection) before the session
 * starts: the login page's guard sends a signed-in user to /dashboard the moment it does, so the
 * page must already know where to go instead. The login page and the developer controls' "open
 * signed in" both sign in this way.
 */
export async function signin(body: SigninBody): Promise<{ landing: string }> {
  const { response } = await call(authEndpoints.signin, { body });
  const landing = await call(accountEndpoints.redirection, undefined, {
    headers: { Authorization: `Bearer ${response.accessToken}` },
  })
    .then((answer) => answer.response.route)
    .catch(() => href('dashboard'));
  session.start(response);
  return { landing };
}
