import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, frozen, ok } from '@pp/platform';
import {
  getCompanyAndCategory,
  getPartnerInfo,
  getProfilePicture,
  registeredCounter,
  setProfilePicture,
} from './partner.service.ts';

export default async function partnerRoutes(app: FastifyInstance) {
  const registered = registeredCounter(app.db, app.now);
  addRoute(app, api.partner.registeredCount, async () => ok(await registered()));
  addRoute(app, api.partner.info, async ({ partnerId }) => {
    const key = String(partnerId);
    const cached = app.partnerInfoCache.get(key);
    if (cached) return cached;
    const token = app.partnerInfoCache.begin();
    // Frozen, it is served as it is while cached: checked and written out once.
    const answer = frozen(ok(await getPartnerInfo(app.db, partnerId)));
    app.partnerInfoCache.set(key, answer, token);
    return answer;
  });
  addRoute(app, api.partner.profilePicture, async ({ partnerId }) => ok(await getProfilePicture(app.db, partnerId)));
  addRoute(app, api.partner.setProfilePicture, async ({ auth, partnerId, body }) =>
    ok(await setProfilePicture(app.db, { ...auth, partnerId }, body.uniqueId)),
  );
  addRoute(app, api.partner.companyAndCategory, async ({ partnerId }) => ok(await getCompanyAndCategory(app.db, partnerId)));
}
