import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { keptRoute } from '../../lib/kept.ts';
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

/** A partner's details in every language: what a change of theirs drops. */
const partnerInfoGroup = (partnerId: number | string) => `partner:${partnerId}`;

export default async function partnerRoutes(app: FastifyInstance) {
  // Kept per language (business names are said in the reader's), dropped for both at once when the
  // partner's row, a business or a profile's status changes on any server, or the partner writes here.
  keptRoute(
    app,
    api.partner.info,
    {
      size: 'partnerInfo',
      follows: { Partner: partnerInfoGroup, CompanyMapping: partnerInfoGroup, OnboardingProfile: partnerInfoGroup },
      key: ({ partnerId, language }) => `${partnerId}|${language}`,
      groups: ({ partnerId }) => [partnerInfoGroup(partnerId)],
      partnerWriteDrops: partnerInfoGroup,
    },
    async ({ partnerId, language }) => ok(await getPartnerInfo(app.db, partnerId, language)),
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
  addRoute(app, api.declarations.getWbpDeclaration, async ({ partnerId }) =>
    ok(await declarationStatus(app.db, partnerId, 'WBP')),
  );
  addRoute(app, api.declarations.setWbpDeclaration, async ({ partnerId }) =>
    ok(await acceptDeclaration(app.db, partnerId, 'WBP', app.now())),
  );
  addRoute(app, api.declarations.getUtDeclaration, async ({ partnerId }) => ok(await declarationStatus(app.db, partnerId, 'UT')));
  addRoute(app, api.declarations.setUtDeclaration, async ({ partnerId }) =>
    ok(await acceptDeclaration(app.db, partnerId, 'UT', app.now())),
  );
  addRoute(app, api.declarations.declarationName, async ({ params, language }) => ok(namedDeclaration(params.name, language)));
  addRoute(app, api.declarations.documents, async ({ partnerId, language }) =>
    ok(await declarationDocuments(app.db, partnerId, language)),
  );
  addRoute(app, api.partner.companyAndCategory, async ({ partnerId, language }) =>
    ok(await getCompanyAndCategory(app.db, partnerId, language)),
  );
}
