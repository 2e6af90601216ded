import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { saidDone } from '../../lib/admin-audit.ts';
import {
  auditList,
  changeCompanyName,
  changeCountry,
  changeStatus,
  contact,
  deleteDuplicatePartner,
  fleetCardTag,
  mergeAccounts,
  resendActivationMail,
  resetDefaultPassword,
  updateGracePeriod,
} from './admin.service.ts';

const a = api.admin;

export default async function adminRoutes(app: FastifyInstance) {
  addRoute(app, a.changeCompanyName, async ({ auth, body, say }) => ok(saidDone(say, await changeCompanyName(app, auth, body))));
  addRoute(app, a.changeCountry, async ({ auth, body, say }) => ok(saidDone(say, await changeCountry(app, auth, body))));
  addRoute(app, a.changeStatus, async ({ auth, body, say }) => ok(saidDone(say, await changeStatus(app, auth, body))));
  addRoute(app, a.contact, async ({ auth, body, say }) => ok(saidDone(say, await contact(app, auth, body))));
  addRoute(app, a.updateGracePeriod, async ({ auth, body, say }) => ok(saidDone(say, await updateGracePeriod(app, auth, body))));
  addRoute(app, a.fleetCardTag, async ({ auth, body, say }) => ok(saidDone(say, await fleetCardTag(app, auth, body))));
  addRoute(app, a.resendActivationMail, async ({ auth, body, say }) =>
    ok(saidDone(say, await resendActivationMail(app, auth, body))),
  );
  addRoute(app, a.resetDefaultPassword, async ({ auth, body, say }) =>
    ok(saidDone(say, await resetDefaultPassword(app, auth, body))),
  );
  addRoute(app, a.deleteDuplicatePartner, async ({ auth, body, say }) =>
    ok(saidDone(say, await deleteDuplicatePartner(app, auth, body))),
  );
  addRoute(app, a.mergeAccounts, async ({ auth, body, say }) => ok(saidDone(say, await mergeAccounts(app, auth, body))));
  addRoute(app, a.audit, async ({ query }) => ok(await auditList(app, query)));
}
