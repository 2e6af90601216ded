import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import * as reference from './reference.service.ts';

export default async function referenceRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, api.reference.countries, async ({ language }) => ok(await reference.countries(db, language)));
  addRoute(app, api.reference.states, async ({ params, language }) =>
    ok(await reference.states(db, params.countryCode, language)),
  );
  addRoute(app, api.reference.cities, async ({ params, language }) => ok(await reference.cities(db, params.stateId, language)));
  addRoute(app, api.reference.miscTypeDetails, async ({ params, language }) =>
    ok(await reference.codeList(db, `MISC-${params.miscCode}`, language)),
  );
  addRoute(app, api.reference.pfOffices, async ({ language }) => ok(await reference.employmentOffices(db, 'PF', language)));
  addRoute(app, api.reference.esiOffices, async ({ language }) => ok(await reference.employmentOffices(db, 'ESI', language)));
  addRoute(app, api.reference.ownershipTypes, async ({ language }) => ok(await reference.ownershipTypes(db, language)));
  addRoute(app, api.reference.companyBusinessTypes, async ({ params, language }) =>
    ok(await reference.businessTypes(db, params.companyCode, undefined, language)),
  );
  addRoute(app, api.reference.partnerBusinessTypes, async ({ params, language }) =>
    ok(await reference.businessTypes(db, params.companyCode, params.categoryCode, language)),
  );
  addRoute(app, api.reference.currencies, async ({ language }) => ok(await reference.currencies(db, language)));
  addRoute(app, api.reference.countryCurrencies, async ({ params, language }) =>
    ok(await reference.countryCurrencies(db, params.countryCode, language)),
  );
  addRoute(app, api.reference.currencyUnits, async ({ params, language }) =>
    ok(await reference.currencyUnits(db, params.currencyCode, language)),
  );
  addRoute(app, api.reference.banks, async () => ok(await reference.banks(db)));
  addRoute(app, api.reference.banksByName, async ({ params }) => ok(await reference.banks(db, params.name)));
  addRoute(app, api.reference.bankAccountCategories, async ({ language }) =>
    ok(await reference.codeList(db, 'BANK_ACCOUNT_CATEGORY', language)),
  );
  addRoute(app, api.reference.bankAccountTypes, async ({ language }) =>
    ok(await reference.codeList(db, 'BANK_ACCOUNT_TYPE', language)),
  );
  addRoute(app, api.reference.ifscBranch, async ({ params }) => ok(await reference.bankBranch(db, params.code)));
  addRoute(app, api.reference.addBankBranch, async ({ auth, body }) => ok(await reference.addBankBranch(app, auth, body)));
  addRoute(app, api.reference.clusterVerticals, async ({ params, language }) =>
    ok(await reference.referenceList(db, 'CLUSTER_VERTICAL', { companyCode: params.companyCode }, language)),
  );
  addRoute(app, api.reference.clusters, async ({ params, language }) =>
    ok(
      await reference.referenceList(db, 'CLUSTER', { companyCode: params.companyCode, parentCode: params.parentCode }, language),
    ),
  );
  addRoute(app, api.reference.ratingAgencies, async ({ language }) =>
    ok(await reference.codeList(db, 'RATING_AGENCY', language)),
  );
  addRoute(app, api.reference.contactDepartments, async ({ language }) =>
    ok(await reference.codeList(db, 'CONTACT_DEPARTMENT', language)),
  );
  addRoute(app, api.reference.paymentModes, async ({ language }) => ok(await reference.codeList(db, 'PAYMENT_MODE', language)));
  addRoute(app, api.reference.enterpriseSectors, async ({ language }) =>
    ok(await reference.codeList(db, 'ENTERPRISE_SECTOR', language)),
  );
  addRoute(app, api.reference.fileTypes, async ({ params }) => ok(await reference.fileTypes(db, params.moduleCode)));
}
