import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
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
  addRoute(app, a.changeCompanyName, async ({ auth, body }) => ok(await changeCompanyName(app, auth, body)));
  addRoute(app, a.changeCountry, async ({ auth, body }) => ok(await changeCountry(app, auth, body)));
  addRoute(app, a.changeStatus, async ({ auth, body }) => ok(await changeStatus(app, auth, body)));
  addRoute(app, a.contact, async ({ auth, body }) => ok(await contact(app, auth, body)));
  addRoute(app, a.updateGracePeriod, async ({ auth, body }) => ok(await updateGracePeriod(app, auth, body)));
  addRoute(app, a.fleetCardTag, async ({ auth, body }) => ok(await fleetCardTag(app, auth, body)));
  addRoute(app, a.resendActivationMail, async ({ auth, body }) => ok(await resendActivationMail(app, auth, body)));
  addRoute(app, a.resetDefaultPassword, async ({ auth, body }) => ok(await resetDefaultPassword(app, auth, body)));
  addRoute(app, a.deleteDuplicatePartner, async ({ auth, body }) => ok(await deleteDuplicatePartner(app, auth, body)));
  addRoute(app, a.mergeAccounts, async ({ auth, body }) => ok(await mergeAccounts(app, auth, body)));
  addRoute(app, a.audit, async ({ query }) => ok(await auditList(app, query)));
}
