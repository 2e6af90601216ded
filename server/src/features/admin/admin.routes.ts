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

export default async function adminRoutes(app: FastifyInstance) {
  addRoute(app, api.admin.changeCompanyName, async ({ auth, body, say }) =>
    ok(saidDone(say, await changeCompanyName(app, auth, body))),
  );
  addRoute(app, api.admin.changeCountry, async ({ auth, body, say }) => ok(saidDone(say, await changeCountry(app, auth, body))));
  addRoute(app, api.admin.changeStatus, async ({ auth, body, say }) => ok(saidDone(say, await changeStatus(app, auth, body))));
  addRoute(app, api.admin.contact, async ({ auth, body, say }) => ok(saidDone(say, await contact(app, auth, body))));
  addRoute(app, api.admin.updateGracePeriod, async ({ auth, body, say }) =>
    ok(saidDone(say, await updateGracePeriod(app, auth, body))),
  );
  addRoute(app, api.admin.fleetCardTag, async ({ auth, body, say }) => ok(saidDone(say, await fleetCardTag(app, auth, body))));
  addRoute(app, api.admin.resendActivationMail, async ({ auth, body, say }) =>
    ok(saidDone(say, await resendActivationMail(app, auth, body))),
  );
  addRoute(app, api.admin.resetDefaultPassword, async ({ auth, body, say }) =>
    ok(saidDone(say, await resetDefaultPassword(app, auth, body))),
  );
  addRoute(app, api.admin.deleteDuplicatePartner, async ({ auth, body, say }) =>
    ok(saidDone(say, await deleteDuplicatePartner(app, auth, body))),
  );
  addRoute(app, api.admin.mergeAccounts, async ({ auth, body, say }) => ok(saidDone(say, await mergeAccounts(app, auth, body))));
  addRoute(app, api.admin.audit, async ({ query }) => ok(await auditList(app, query)));
}
