import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, writtenOnce, ok } from '@pp/platform';
import { asksFresh } from '../../lib/feed-cache.ts';
import {
  companyNavigation,
  getCompanyAndCategory,
  getPartnerInfo,
  getPartnerInfoById,
  getProfilePicture,
  mapCategories,
  partnerType,
  partnerCompanies,
  setDefaultCompany,
  setProfilePicture,
} from './partner.service.ts';
import { acceptDeclaration, declarationDocuments, declarationStatus, namedDeclaration } from './declarations.ts';
import { partnerInfoGroup } from '../../plugins/app/services.ts';

export default async function partnerRoutes(app: FastifyInstance) {
  // Frozen, a cached answer is served as it is: checked and written out once.
  addRoute(app, api.partner.info, ({ partnerId, request, language }) =>
    app.partnerInfoCache.remember(
      `${partnerId}|${language}`,
      async () => writtenOnce(ok(await getPartnerInfo(app.db, partnerId, language))),
      [partnerInfoGroup(partnerId)],
      asksFresh(request.headers),
    ),
  );
  addRoute(app, api.partner.profilePicture, async ({ partnerId }) => ok(await getProfilePicture(app.db, partnerId)));
  addRoute(app, api.partner.setProfilePicture, async ({ auth, partnerId, body, say }) =>
    ok(say(await setProfilePicture(app.db, { ...auth, partnerId }, body.uniqueId, app.now()))),
  );
  addRoute(app, api.partner.infoById, async ({ auth, query, language }) =>
    ok(await getPartnerInfoById(app.db, auth, query.pId, language)),
  );
  addRoute(app, api.partner.partnerCompanies, async ({ partnerId, language }) =>
    ok(await partnerCompanies(app.db, partnerId, language)),
  );
  addRoute(app, api.partner.companyNavigation, async ({ partnerId, params, language }) =>
    ok(await companyNavigation(app.db, partnerId, params.companyCode, language)),
  );
  addRoute(app, api.partner.defaultCompanyDetails, async ({ partnerId, body, language }) =>
    ok(await setDefaultCompany(app.db, partnerId, body.companyCode, language)),
  );
  addRoute(app, api.partner.partnerType, async ({ partnerId, params, language }) =>
    ok(await partnerType(app.db, partnerId, params.companyCode, language)),
  );
  addRoute(app, api.partner.mappedCategories, async ({ auth, partnerId, query, body, language }) =>
    ok(await mapCategories(app.db, { ...auth, partnerId }, query.categoryCode, body, language)),
  );
  const d = api.declarations;
  addRoute(app, d.getWbpDeclaration, async ({ partnerId }) => ok(await declarationStatus(app.db, partnerId, 'WBP')));
  addRoute(app, d.setWbpDeclaration, async ({ partnerId }) => ok(await acceptDeclaration(app.db, partnerId, 'WBP', app.now())));
  addRoute(app, d.getUtDeclaration, async ({ partnerId }) => ok(await declarationStatus(app.db, partnerId, 'UT')));
  addRoute(app, d.setUtDeclaration, async ({ partnerId }) => ok(await acceptDeclaration(app.db, partnerId, 'UT', app.now())));
  addRoute(app, d.declarationName, async ({ params, language }) => ok(namedDeclaration(params.name, language)));
  addRoute(app, d.documents, async ({ partnerId, language }) => ok(await declarationDocuments(app.db, partnerId, language)));
  addRoute(app, api.partner.companyAndCategory, async ({ partnerId, language }) =>
    ok(await getCompanyAndCategory(app.db, partnerId, language)),
  );
}
