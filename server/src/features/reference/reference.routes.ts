import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import * as reference from './reference.service.ts';

const r = api.reference;

export default async function referenceRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, r.countries, async ({ language }) => ok(await reference.countries(db, language)));
  addRoute(app, r.states, async ({ params, language }) => ok(await reference.states(db, params.countryCode, language)));
  addRoute(app, r.cities, async ({ params, language }) => ok(await reference.cities(db, params.stateId, language)));
  addRoute(app, r.miscTypeDetails, async ({ params, language }) =>
    ok(await reference.codeList(db, `MISC-${params.miscCode}`, language)),
  );
  addRoute(app, r.pfOffices, async ({ language }) => ok(await reference.employmentOffices(db, 'PF', language)));
  addRoute(app, r.esiOffices, async ({ language }) => ok(await reference.employmentOffices(db, 'ESI', language)));
  addRoute(app, r.ownershipTypes, async ({ language }) => ok(await reference.ownershipTypes(db, language)));
  addRoute(app, r.companyBusinessTypes, async ({ params, language }) =>
    ok(await reference.businessTypes(db, params.companyCode, undefined, language)),
  );
  addRoute(app, r.partnerBusinessTypes, async ({ params, language }) =>
    ok(await reference.businessTypes(db, params.companyCode, params.categoryCode, language)),
  );
  addRoute(app, r.currencies, async ({ language }) => ok(await reference.currencies(db, language)));
  addRoute(app, r.countryCurrencies, async ({ params, language }) =>
    ok(await reference.countryCurrencies(db, params.countryCode, language)),
  );
  addRoute(app, r.currencyUnits, async ({ params, language }) =>
    ok(await reference.currencyUnits(db, params.currencyCode, language)),
  );
  addRoute(app, r.banks, async () => ok(await reference.banks(db)));
  addRoute(app, r.banksByName, async ({ params }) => ok(await reference.banks(db, params.name)));
  addRoute(app, r.bankAccountCategories, async ({ language }) =>
    ok(await reference.codeList(db, 'BANK_ACCOUNT_CATEGORY', language)),
  );
  addRoute(app, r.bankAccountTypes, async ({ language }) => ok(await reference.codeList(db, 'BANK_ACCOUNT_TYPE', language)));
  addRoute(app, r.ifscBranch, async ({ params }) => ok(await reference.bankBranch(db, params.code)));
  addRoute(app, r.addBankBranch, async ({ auth, body }) => ok(await reference.addBankBranch(app, auth, body)));
  addRoute(app, r.clusterVerticals, async ({ params, language }) =>
    ok(await reference.referenceList(db, 'CLUSTER_VERTICAL', { companyCode: params.companyCode }, language)),
  );
  addRoute(app, r.clusters, async ({ params, language }) =>
    ok(
      await reference.referenceList(db, 'CLUSTER', { companyCode: params.companyCode, parentCode: params.parentCode }, language),
    ),
  );
  addRoute(app, r.ratingAgencies, async ({ language }) => ok(await reference.codeList(db, 'RATING_AGENCY', language)));
  addRoute(app, r.contactDepartments, async ({ language }) => ok(await reference.codeList(db, 'CONTACT_DEPARTMENT', language)));
  addRoute(app, r.paymentModes, async ({ language }) => ok(await reference.codeList(db, 'PAYMENT_MODE', language)));
  addRoute(app, r.enterpriseSectors, async ({ language }) => ok(await reference.codeList(db, 'ENTERPRISE_SECTOR', language)));
  addRoute(app, r.fileTypes, async ({ params }) => ok(await reference.fileTypes(db, params.moduleCode)));
}
