import {
  FINAL_STATES,
  TEXTS,
  type AddCompanyBody,
  type CompanyRequest,
  type ResubmitCompanyBody,
  requestTitleOf,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, type AuthContext } from '@pp/platform';
import type { Tx } from '../../lib/transaction.ts';
import {
  flowOf,
  lastRemarksOf,
  moveRequest,
  nextRequestNumber,
  openRequest,
  reviewableRequest,
  stateOf,
} from '../../lib/workflow-requests.ts';

/** Requests as the partner and the reviewer read them: what was asked, where it stands, the last remarks. */
async function describe(db: Db | Tx, requestNumbers: string[]): Promise<CompanyRequest[]> {
  if (requestNumbers.length === 0) return [];
  const asked = await db.companyRequest.findMany({
    where: { requestNumber: { in: requestNumbers } },
    include: { partner: { select: { organizationName: true, partnerNumber: true } } },
    orderBy: { id: 'desc' },
  });
  const requests = new Map(
    (await db.workflowRequest.findMany({ where: { requestNumber: { in: requestNumbers } } })).map((r) => [r.requestNumber, r]),
  );
  const companies = new Map((await db.groupCompany.findMany()).map((c) => [c.companyCode, c.companyName]));
  const categories = new Map(
    (await db.businessCategory.findMany({ where: { categoryCode: { in: asked.map((a) => a.categoryCode) } } })).map((c) => [
      c.categoryCode,
      c.categoryName,
    ]),
  );
  const remarks = await lastRemarksOf(db, requestNumbers);
  return asked.map((a) => {
    const request = requests.get(a.requestNumber)!;
    return {
      requestNumber: a.requestNumber,
      companyCode: a.companyCode,
      companyName: companies.get(a.companyCode) ?? String(a.companyCode),
      categoryCode: a.categoryCode,
      categoryName: categories.get(a.categoryCode) ?? a.categoryCode,
      reason: a.reason,
      state: stateOf(request),
      lastRemarks: remarks.get(a.requestNumber) ?? null,
      organizationName: a.partner.organizationName,
      partnerNumber: a.partner.partnerNumber,
      submittedAt: request.submittedAt.toISOString(),
      updatedAt: request.updatedAt.toISOString(),
    };
  });
}

const one = async (db: Db | Tx, requestNumber: string) => (await describe(db, [requestNumber]))[0]!;

/**
 * Opens an add-company request, submitted at once to that company's buyer. The partner's row is
 * locked first, so two requests for the same company and business at once make one.
 */
export async function addCompany(db: Db, auth: AuthContext & { partnerId: number }, body: AddCompanyBody, now: Date) {
  return db.$transaction(async (tx) => {
    const company = await tx.groupCompany.findFirst({ where: { companyCode: body.companyCode, isActive: true } });
    if (!company) throw Invalid('companyCode', TEXTS.notAGroupCompany);
    const business = await tx.businessCategory.findFirst({
      where: { categoryCode: body.categoryCode, companyCode: body.companyCode, level: 1, isActive: true },
    });
    if (!business) throw Invalid('categoryCode', TEXTS.notABusinessOf(company.companyName));
    const partner = await tx.partner.findUniqueOrThrow({ where: { id: auth.partnerId } });
    await tx.$queryRaw`SELECT 1 FROM "Partner" WHERE "id" = ${partner.id} FOR UPDATE`;
    const key = { partnerId: partner.id, companyCode: body.companyCode, categoryCode: body.categoryCode };
    if (await tx.companyMapping.findUnique({ where: { partnerId_companyCode_categoryCode: key } }))
      throw Conflict(TEXTS.companyAlreadyMapped);
    const earlier = await tx.companyRequest.findMany({ where: key, select: { requestNumber: true } });
    const open = await tx.workflowRequest.findFirst({
      where: { requestNumber: { in: earlier.map((e) => e.requestNumber) }, state: { notIn: [...FINAL_STATES] } },
    });
    if (open) throw Conflict(TEXTS.companyRequestOpen(open.requestNumber));

    const requestNumber = await nextRequestNumber(tx, 'ADD_COMPANY', body.companyCode, now);
    await tx.companyRequest.create({ data: { ...key, requestNumber, reason: body.reason, createdAt: now } });
    await openRequest(tx, {
      flow: 'ADD_COMPANY',
      requestNumber,
      companyCode: body.companyCode,
      title: requestTitleOf(partner.organizationName, partner.partnerNumber),
      partnerId: partner.id,
      actor: auth,
      now,
      firstAction: 'SUBMIT',
    });
    return one(tx, requestNumber);
  });
}

/** The partner's answer to a send-back: the reason reworded if it likes, and the request back to the buyer. */
export async function resubmitCompany(db: Db, auth: AuthContext & { partnerId: number }, body: ResubmitCompanyBody, now: Date) {
  return db.$transaction(async (tx) => {
    const request = await tx.workflowRequest.findUnique({ where: { requestNumber: body.requestNumber } });
    if (!request || request.partnerId !== auth.partnerId || flowOf(request) !== 'ADD_COMPANY')
      throw NotFound(TEXTS.workflowNotFound);
    await moveRequest(tx, request, { action: 'RESUBMIT', actor: auth, remarks: null, now });
    if (body.reason)
      await tx.companyRequest.update({ where: { requestNumber: body.requestNumber }, data: { reason: body.reason } });
    return one(tx, body.requestNumber);
  });
}

export async function companyRequests(db: Db, partnerId: number): Promise<CompanyRequest[]> {
  const asked = await db.companyRequest.findMany({ where: { partnerId }, select: { requestNumber: true } });
  return describe(
    db,
    asked.map((a) => a.requestNumber),
  );
}

export async function reviewCompanyRequest(db: Db, auth: AuthContext, requestNumber: string): Promise<CompanyRequest> {
  const request = await reviewableRequest(db, auth, requestNumber, false);
  if (flowOf(request) !== 'ADD_COMPANY') throw NotFound(TEXTS.workflowNotFound);
  return one(db, requestNumber);
}
