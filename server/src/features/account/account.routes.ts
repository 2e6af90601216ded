import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { changePassword, dashboardRedirection, resetPassword, sendResetOtp } from './account.service.ts';

export default async function accountRoutes(app: FastifyInstance) {
  addRoute(app, api.account.redirection, async ({ auth }) => ok(await dashboardRedirection(app, auth)));
  addRoute(app, api.account.changePassword, async ({ auth, body, say }) => ok(say(await changePassword(app, auth, body))));
  addRoute(app, api.account.sendResetOtp, async ({ query, request, say }) =>
    ok(say(await sendResetOtp(app, query.loginName, query.channel, request.ip))),
  );
  addRoute(app, api.account.resetPassword, async ({ body, say }) => ok(say(await resetPassword(app, body))));
}
