import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import * as reference from './reference.service.ts';

const r = api.reference;

export default async function referenceRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, r.countries, async () => ok(await reference.countries(db)));
  addRoute(app, r.states, async ({ params }) => ok(await reference.states(db, params.countryCode)));
  addRoute(app, r.cities, async ({ params }) => ok(await reference.cities(db, params.stateId)));
  addRoute(app, r.miscTypeDetails, async ({ params }) => ok(await reference.codeList(db, `MISC-${params.miscCode}`)));
  addRoute(app, r.pfOffices, async () => ok(await reference.employmentOffices(db, 'PF')));
  addRoute(app, r.esiOffices, async () => ok(await reference.employmentOffices(db, 'ESI')));
  addRoute(app, r.ownershipTypes, async () => ok(await reference.ownershipTypes(db)));
  addRoute(app, r.companyBusinessTypes, async ({ params }) => ok(await reference.businessTypes(db, params.companyCode)));
  addRoute(app, r.partnerBusinessTypes, async ({ params }) =>
    ok(await reference.businessTypes(db, params.companyCode, params.categoryCode)),
  );
  addRoute(app, r.currencies, async () => ok(await reference.currencies(db)));
  addRoute(app, r.countryCurrencies, async ({ params }) => ok(await reference.countryCurrencies(db, params.countryCode)));
  addRoute(app, r.currencyUnits, async ({ params }) => ok(await reference.currencyUnits(db, params.currencyCode)));
  addRoute(app, r.banks, async () => ok(await reference.banks(db)));
  addRoute(app, r.banksByName, async ({ params }) => ok(await reference.banks(db, params.name)));
  addRoute(app, r.bankAccountCategories, async () => ok(await reference.codeList(db, 'BANK_ACCOUNT_CATEGORY')));
  addRoute(app, r.bankAccountTypes, async () => ok(await reference.codeList(db, 'BANK_ACCOUNT_TYPE')));
  addRoute(app, r.ifscBranch, async ({ params }) => ok(await reference.bankBranch(db, params.code)));
  addRoute(app, r.addBankBranch, async ({ auth, body }) => ok(await reference.addBankBranch(app, auth, body)));
  addRoute(app, r.clusterVerticals, async ({ params }) =>
    ok(await reference.referenceList(db, 'CLUSTER_VERTICAL', { companyCode: params.companyCode })),
  );
  addRoute(app, r.clusters, async ({ params }) =>
    ok(await reference.referenceList(db, 'CLUSTER', { companyCode: params.companyCode, parentCode: params.parentCode })),
  );
  addRoute(app, r.ratingAgencies, async () => ok(await reference.codeList(db, 'RATING_AGENCY')));
  addRoute(app, r.contactDepartments, async () => ok(await reference.codeList(db, 'CONTACT_DEPARTMENT')));
  addRoute(app, r.paymentModes, async () => ok(await reference.codeList(db, 'PAYMENT_MODE')));
  addRoute(app, r.enterpriseSectors, async () => ok(await reference.codeList(db, 'ENTERPRISE_SECTOR')));
  addRoute(app, r.fileTypes, async ({ params }) => ok(await reference.fileTypes(db, params.moduleCode)));
}
