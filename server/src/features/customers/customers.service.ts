import {
  TEXTS,
  checkGstin,
  checkPan,
  gstinBelongsTo,
  translate,
  type Customer,
  type CustomerInput,
  type PageQuery,
  type StatutoryKind,
  type WorkflowAction,
  type WorkflowState,
  requestTitleOf,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, type AuthContext, type Message } from '@pp/platform';
import { countTake, keysetPage } from '../../lib/paging.ts';
import { SaveChecks } from '../../lib/save-checks.ts';
import { checkStatutoryNumber } from '../../lib/statutory.ts';
import { findBankBranch } from '../../lib/reference-data.ts';
import { claimOwnFiles } from '../../lib/stored-files.ts';
import type { Tx } from '../../lib/transaction.ts';
import {
  moveRequest,
  nextRequestNumber,
  openRequest,
  requestHistory,
  requestStatus,
  type WorkflowRequestRow,
} from '../../lib/workflow-requests.ts';

/**
 * Customers of the group: registered and corrected by staff with customer admin while a draft or
 * sent back, approved through the CUSTOMER flow (docs/workflow.md) like any request.
 */
type Deps = { db: Db; now: () => Date };
type Row = NonNullable<Awaited<ReturnType<Db['customer']['findUnique']>>>;
type Branch = Customer['branches'][number];
type Bank = Customer['banks'][number];

const EDITABLE: readonly WorkflowState[] = ['DRAFT', 'SENT_BACK'];

/** PAN and GSTIN checked as the statutory look-ups check them; a GSTIN holds its PAN. */
function checkNumbers(input: { pan?: string | null | undefined; gstin?: string | null | undefined }) {
  const panProblem = input.pan ? checkPan(input.pan) : null;
  if (panProblem) throw Invalid('pan', translate(panProblem));
  const gstProblem = input.gstin ? checkGstin(input.gstin) : null;
  if (gstProblem) throw Invalid('gstin', translate(gstProblem));
  if (input.pan && input.gstin && !gstinBelongsTo(input.gstin, input.pan))
    throw Invalid('gstin', TEXTS.gstinPanMismatch(input.pan));
}

/** The address's country, state and city from the reference lists, each in the one before it. */
async function checkAddress(tx: Tx, address: CustomerInput['address']) {
  const checks = new SaveChecks();
  checks.address(address, 'address.');
  await checks.run(tx);
}

async function requestOf(db: Db | Tx, customer: Row): Promise<WorkflowRequestRow> {
  return db.workflowRequest.findUniqueOrThrow({ where: { requestNumber: customer.requestNumber } });
}

async function view(db: Db | Tx, customer: Row): Promise<Customer> {
  const [request, rows] = await Promise.all([
    requestOf(db, customer),
    db.customerRow.findMany({ where: { customerId: customer.id }, orderBy: { id: 'asc' } }),
  ]);
  return {
    customerNumber: customer.customerNumber,
    requestNumber: customer.requestNumber,
    companyCode: customer.companyCode,
    name: customer.name,
    pan: customer.pan,
    gstin: customer.gstin,
    email: customer.email,
    mobileNumber: customer.mobileNumber,
    address: customer.address as Customer['address'],
    state: request.state as WorkflowState,
    desk: request.desk,
    branches: rows.filter((r) => r.kind === 'BRANCH').map((r) => ({ ...(r.data as Omit<Branch, 'id'>), id: r.id })),
    banks: rows.filter((r) => r.kind === 'BANK').map((r) => ({ ...(r.data as Omit<Bank, 'id'>), id: r.id })),
    createdAt: customer.createdAt.toISOString(),
  };
}

/** A customer whose request is a draft or sent back, locked for the change, with that request. */
async function editable(tx: Tx, customerNumber: string): Promise<Row> {
  return (await editableWithRequest(tx, customerNumber)).customer;
}

async function editableWithRequest(tx: Tx, customerNumber: string) {
  const found = await tx.customer.findUnique({ where: { customerNumber } });
  if (!found) throw Invalid('customerNumber', TEXTS.customerNotFound);
  await tx.$queryRaw`SELECT 1 FROM "Customer" WHERE "id" = ${found.id} FOR UPDATE`;
  const request = await requestOf(tx, found);
  if (!EDITABLE.includes(request.state as WorkflowState)) throw Conflict(TEXTS.customerNotEditable(request.state));
  return { customer: found, request };
}

/** A new customer as a draft on the buyer desk of its company, with its request. */
async function createCustomer(tx: Tx, actor: AuthContext, input: CustomerInput, now: Date): Promise<Row> {
  checkNumbers(input);
  await checkAddress(tx, input.address);
  const requestNumber = await nextRequestNumber(tx, 'CUSTOMER', input.companyCode, now);
  const customerNumber = `CU${requestNumber.slice(-6).padStart(8, '0')}`;
  const customer = await tx.customer.create({
    data: {
      customerNumber,
      requestNumber,
      companyCode: input.companyCode,
      name: input.name,
      pan: input.pan ?? null,
      gstin: input.gstin ?? null,
      email: input.email,
      mobileNumber: input.mobileNumber,
      address: input.address,
      createdByUserId: actor.userId,
      createdAt: now,
    },
  });
  await openRequest(tx, {
    flow: 'CUSTOMER',
    requestNumber,
    companyCode: input.companyCode,
    title: requestTitleOf(input.name, customerNumber),
    actor,
    now,
  });
  return customer;
}

export async function registerCustomer(deps: Deps, actor: AuthContext, input: CustomerInput): Promise<Customer> {
  return deps.db.$transaction(async (tx) => view(tx, await createCustomer(tx, actor, input, deps.now())));
}

/**
 * A whole customer in one call (a source system's hand-off): registered with its branches and bank
 * accounts, all or nothing, and submitted when asked.
 */
export async function onboardCustomer(
  deps: Deps,
  actor: AuthContext,
  input: CustomerInput & { branches: NewBranch[]; banks: NewBank[]; submit: boolean },
): Promise<Customer> {
  const { branches, banks, submit, ...master } = input;
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const customer = await createCustomer(tx, actor, master, now);
    if (branches.length > 0) await insertBranches(tx, customer, branches);
    for (const [i, bank] of banks.entries()) await insertBank(tx, customer, bank, `banks.${i}`);
    if (submit) await moveRequest(tx, await requestOf(tx, customer), { action: 'SUBMIT', actor, remarks: null, now });
    return view(tx, customer);
  });
}

export async function correctMasterData(
  deps: Deps,
  input: Partial<Omit<CustomerInput, 'companyCode'>> & { customerNumber: string },
): Promise<Customer> {
  return deps.db.$transaction(async (tx) => {
    const customer = await editable(tx, input.customerNumber);
    const { customerNumber: _number, ...change } = input;
    checkNumbers({ pan: change.pan ?? customer.pan, gstin: change.gstin ?? customer.gstin });
    if (change.address) await checkAddress(tx, change.address);
    const updated = await tx.customer.update({ where: { id: customer.id }, data: change });
    if (change.name)
      await tx.workflowRequest.update({
        where: { requestNumber: customer.requestNumber },
        data: { title: requestTitleOf(change.name, customer.customerNumber) },
      });
    return view(tx, updated);
  });
}

type NewBranch = Omit<Branch, 'id' | 'gstin'> & { gstin?: string | undefined };
type NewBank = { accountHolderName: string; accountNumber: string; ifsc: string };

/** Branches added to a customer: names unique within it, each state known, each GSTIN sound. */
async function insertBranches(tx: Tx, customer: Row, branches: NewBranch[]) {
  const existing = (await tx.customerRow.findMany({ where: { customerId: customer.id, kind: 'BRANCH' } })).map((r) =>
    (r.data as Branch).name.toLowerCase(),
  );
  const names = new Set(existing);
  for (const [i, b] of branches.entries()) {
    if (names.has(b.name.toLowerCase())) throw Invalid(`branches.${i}.name`, TEXTS.customerBranchTaken(b.name));
    names.add(b.name.toLowerCase());
    if (!(await tx.state.findUnique({ where: { stateId: b.stateId } })))
      throw Invalid(`branches.${i}.stateId`, TEXTS.notInList('state'));
    const problem = b.gstin ? checkGstin(b.gstin) : null;
    if (problem) throw Invalid(`branches.${i}.gstin`, translate(problem));
  }
  await tx.customerRow.createMany({
    data: branches.map((b) => ({ customerId: customer.id, kind: 'BRANCH', data: { ...b, gstin: b.gstin ?? null } })),
  });
}

/** A bank account of a customer, its bank and branch named by the IFSC master. */
async function insertBank(tx: Tx, customer: Row, bank: NewBank, field: string) {
  const branch = await findBankBranch(tx, bank.ifsc);
  if (!branch) throw Invalid(`${field}.ifsc`, TEXTS.ifscUnknown(bank.ifsc));
  await tx.customerRow.create({
    data: {
      customerId: customer.id,
      kind: 'BANK',
      data: { ...bank, bank: branch.bankName, branch: branch.branchName, bookFileId: null },
    },
  });
}

export async function addBranches(deps: Deps, input: { customerNumber: string; branches: NewBranch[] }): Promise<Customer> {
  return deps.db.$transaction(async (tx) => {
    const customer = await editable(tx, input.customerNumber);
    await insertBranches(tx, customer, input.branches);
    return view(tx, customer);
  });
}

export async function addBank(deps: Deps, input: { customerNumber: string; bank: NewBank }): Promise<Customer> {
  return deps.db.$transaction(async (tx) => {
    const customer = await editable(tx, input.customerNumber);
    await insertBank(tx, customer, input.bank, 'bank');
    return view(tx, customer);
  });
}

export async function attachBankBook(
  deps: Deps,
  actor: AuthContext,
  input: { customerNumber: string; bankId: number; fileId: string },
): Promise<Customer> {
  return deps.db.$transaction(async (tx) => {
    const customer = await editable(tx, input.customerNumber);
    const row = await tx.customerRow.findFirst({ where: { id: input.bankId, customerId: customer.id, kind: 'BANK' } });
    if (!row) throw Invalid('bankId', TEXTS.bankAccountNotInProfile);
    // Staff attach what they uploaded themselves.
    const own = await claimOwnFiles(tx, { userId: actor.userId, partnerId: null }, [input.fileId], deps.now());
    if (!own.has(input.fileId)) throw Invalid('fileId', TEXTS.fileNotFound);
    await tx.customerRow.update({ where: { id: row.id }, data: { data: { ...(row.data as object), bookFileId: input.fileId } } });
    return view(tx, customer);
  });
}

export async function submitCustomer(deps: Deps, actor: AuthContext, input: { customerNumber: string }) {
  const moved = await deps.db.$transaction(async (tx) => {
    const { request } = await editableWithRequest(tx, input.customerNumber);
    const action: WorkflowAction = request.state === 'SENT_BACK' ? 'RESUBMIT' : 'SUBMIT';
    return moveRequest(tx, request, { action, actor, remarks: null, now: deps.now() });
  });
  return requestStatus(deps.db, moved, actor.role);
}

export async function customerWithWorkflow(db: Db, actor: AuthContext, requestNumber: string) {
  const customer = await db.customer.findUnique({ where: { requestNumber } });
  if (!customer) throw NotFound(TEXTS.customerNotFound);
  const request = await requestOf(db, customer);
  return {
    customer: await view(db, customer),
    status: await requestStatus(db, request, actor.role),
    history: await requestHistory(db, requestNumber),
  };
}

/** Customers newest first, searched by name (trigram), customer number or PAN, each with where it stands. */
export async function listCustomers(db: Db, query: PageQuery & { companyCode?: number | undefined }) {
  const term = query.searchTerm?.trim();
  const where = {
    ...(query.companyCode ? { companyCode: query.companyCode } : {}),
    ...(term
      ? {
          OR: [
            { name: { contains: term, mode: 'insensitive' as const } },
            { customerNumber: term.toUpperCase() },
            { pan: term.toUpperCase() },
          ],
        }
      : {}),
  };
  const page = await keysetPage<Row, number>(query, {
    total: () => db.customer.count({ where, ...countTake(query) }),
    rows: ({ after, skip, take }) =>
      db.customer.findMany({
        where: after === null ? where : { ...where, id: { lt: after } },
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (r) => r.id,
  });
  const requests = new Map(
    (await db.workflowRequest.findMany({ where: { requestNumber: { in: page.items.map((c) => c.requestNumber) } } })).map((r) => [
      r.requestNumber,
      r,
    ]),
  );
  return {
    ...page,
    items: page.items.map((c) => ({
      customerNumber: c.customerNumber,
      requestNumber: c.requestNumber,
      companyCode: c.companyCode,
      name: c.name,
      pan: c.pan,
      gstin: c.gstin,
      email: c.email,
      mobileNumber: c.mobileNumber,
      state: requests.get(c.requestNumber)!.state as WorkflowState,
      desk: requests.get(c.requestNumber)!.desk,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/**
 * The customers' statutory look-up: format and check digit as for partners; a PAN or GSTIN another
 * customer holds is a duplicate (a warning, as for partners: group companies share customers).
 */
export async function checkCustomerStatutory(
  deps: Deps,
  input: { kind: StatutoryKind; value: string; customerNumber?: string | undefined },
  say: (message: Message) => string,
) {
  const column = { PAN: 'pan', GST: 'gstin' } as const;
  return checkStatutoryNumber(
    input,
    deps.now(),
    say,
    async (identifier, value) => {
      const key = column[identifier as keyof typeof column];
      if (!key) return false;
      const holder = await deps.db.customer.findFirst({
        where: { [key]: value, ...(input.customerNumber ? { customerNumber: { not: input.customerNumber } } : {}) },
        select: { id: true },
      });
      return holder !== null;
    },
    TEXTS.customerStatutoryDuplicate,
  );
}
