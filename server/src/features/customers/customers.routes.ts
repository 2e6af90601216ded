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

const c = api.customers;

export default async function customerRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, c.list, async ({ query }) => ok(await listCustomers(db, query)));
  addRoute(app, c.onboarding, async ({ auth, body }) => ok(await onboardCustomer(app, auth, body)));
  addRoute(app, c.statutory, async ({ params, query, say }) =>
    checkCustomerStatutory(app, { ...params, customerNumber: query.customerNumber }, say),
  );
  addRoute(app, c.register, async ({ auth, body }) => ok(await registerCustomer(app, auth, body)));
  addRoute(app, c.masterData, async ({ body }) => ok(await correctMasterData(app, body)));
  addRoute(app, c.workflowMasterData, async ({ auth, body }) => ok(await customerWithWorkflow(db, auth, body.requestNumber)));
  addRoute(app, c.submit, async ({ auth, body }) => ok(await submitCustomer(app, auth, body)));
  addRoute(app, c.newBranches, async ({ body }) => ok(await addBranches(app, body)));
  addRoute(app, c.branch, async ({ body }) =>
    ok(await addBranches(app, { customerNumber: body.customerNumber, branches: [body.branch] })),
  );
  addRoute(app, c.newBank, async ({ body }) => ok(await addBank(app, body)));
  addRoute(app, c.bankBook, async ({ auth, body }) => ok(await attachBankBook(app, auth, body)));
}
