import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import {
  addBank,
  addBranches,
  attachBankBook,
  checkCustomerStatutory,
  correctMasterData,
  customerWithWorkflow,
  listCustomers,
  onboardCustomer,
  registerCustomer,
  submitCustomer,
} from './customers.service.ts';

export default async function customerRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, api.customers.list, async ({ query }) => ok(await listCustomers(db, query)));
  addRoute(app, api.customers.onboarding, async ({ auth, body }) => ok(await onboardCustomer(app, auth, body)));
  addRoute(app, api.customers.statutory, async ({ params, query, say }) =>
    checkCustomerStatutory(app, { ...params, customerNumber: query.customerNumber }, say),
  );
  addRoute(app, api.customers.register, async ({ auth, body }) => ok(await registerCustomer(app, auth, body)));
  addRoute(app, api.customers.masterData, async ({ body }) => ok(await correctMasterData(app, body)));
  addRoute(app, api.customers.workflowMasterData, async ({ auth, body }) =>
    ok(await customerWithWorkflow(db, auth, body.requestNumber)),
  );
  addRoute(app, api.customers.submit, async ({ auth, body }) => ok(await submitCustomer(app, auth, body)));
  addRoute(app, api.customers.newBranches, async ({ body }) => ok(await addBranches(app, body)));
  addRoute(app, api.customers.branch, async ({ body }) =>
    ok(await addBranches(app, { customerNumber: body.customerNumber, branches: [body.branch] })),
  );
  addRoute(app, api.customers.newBank, async ({ body }) => ok(await addBank(app, body)));
  addRoute(app, api.customers.bankBook, async ({ auth, body }) => ok(await attachBankBook(app, auth, body)));
}
