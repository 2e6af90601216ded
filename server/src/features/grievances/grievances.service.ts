import { noticeTo } from '../../lib/notices.ts';
import {
  DOMESTIC_COUNTRY_CODE,
  GRIEVANCE_DESCRIPTION_MIN,
  GRIEVANCE_OPEN_STATES,
  TEXTS,
  grievanceActionsFor,
  grievanceAnsweredAfter,
  grievanceDueAfter,
  grievanceDueSoonUntil,
  grievanceNumberOf,
  grievanceTitleOf,
  grievanceTransition,
  isGrievanceOpen,
  type GrievanceAction,
  type GrievanceDetail,
  type GrievanceDraftBody,
  type GrievanceItem,
  type GrievanceListQuery,
  type GrievanceReason,
  type GrievanceReasonChangeBody,
  type GrievanceStaffListQuery,
  type GrievanceState,
  type GrievanceStepBody,
  type Paged,
  type Text,
} from '@pp/contract';
import type { Db, Prisma } from '@pp/db';
import { type AppError, Conflict, Forbidden, Invalid, NotFound, type AuthContext } from '@pp/platform';
import { countTake, keysetPage } from '../../lib/paging.ts';
import { filesInfo, ownFileIds } from '../../lib/stored-files.ts';
import type { Tx } from '../../lib/transaction.ts';
import { escapeHtml } from '../../lib/html.ts';

type GrievanceRow = Prisma.GrievanceGetPayload<{
  include: { partner: { select: { organizationName: true; partnerNumber: true } } };
}>;
const withPartner = { partner: { select: { organizationName: true, partnerNumber: true } } } as const;

function refusal(result: Exclude<ReturnType<typeof grievanceTransition>, { ok: true }>): AppError {
  switch (result.reason) {
    case 'REMARKS_REQUIRED':
      return Invalid('remarks', TEXTS.grievanceRemarksRequired);
    case 'NOT_YOURS_TO_TAKE':
      return Forbidden(TEXTS.grievanceNotYours);
    case 'NOT_IN_THIS_STATE':
      return Conflict(TEXTS.grievanceWrongState(result.state));
    case 'REOPEN_WINDOW_PASSED':
      return Conflict(TEXTS.grievanceReopenWindow(result.days));
  }
}

const item = (g: GrievanceRow, now: Date): GrievanceItem => ({
  grievanceNumber: g.grievanceNumber,
  companyCode: g.companyCode,
  reasonCode: g.reasonCode as GrievanceReason,
  documentNumber: g.documentNumber,
  subject: g.subject,
  state: g.state as GrievanceState,
  raisedBy: `${g.partner.organizationName} ${g.partner.partnerNumber}`,
  createdAt: g.createdAt.toISOString(),
  submittedAt: g.submittedAt?.toISOString() ?? null,
  updatedAt: g.updatedAt.toISOString(),
  dueAt: g.dueAt?.toISOString() ?? null,
  overdue: isGrievanceOpen(g.state) && g.dueAt !== null && g.dueAt < now,
  answeredAt: g.answeredAt?.toISOString() ?? null,
});

async function detail(db: Db | Tx, g: GrievanceRow, auth: AuthContext, now: Date): Promise<GrievanceDetail> {
  const steps = await db.grievanceStep.findMany({ where: { grievanceId: g.id }, orderBy: { id: 'asc' } });
  const files = await filesInfo(db, [...g.fileIds, ...steps.flatMap((s) => s.fileIds)]);
  const docs = (ids: string[]) => ids.flatMap((id) => files.get(id) ?? []);
  return {
    ...item(g, now),
    description: g.description,
    documents: docs(g.fileIds),
    settledAt: g.settledAt?.toISOString() ?? null,
    history: steps.map((s) => ({
      action: s.action as GrievanceAction | 'DRAFT',
      fromState: s.fromState as GrievanceState | null,
      toState: s.toState as GrievanceState,
      by: s.byPartner ? 'PARTNER' : 'STAFF',
      remarks: s.remarks,
      previousReason: s.previousReason as GrievanceReason | null,
      documents: docs(s.fileIds),
      at: s.createdAt.toISOString(),
    })),
    actions: grievanceActionsFor(g.state as GrievanceState, auth.role),
  };
}

/** The grievance a caller may see: the partner's own (in any company), or any for staff with the permission. */
async function find(db: Db | Tx, auth: AuthContext, grievanceNumber: string): Promise<GrievanceRow> {
  const g = await db.grievance.findUnique({ where: { grievanceNumber }, include: withPartner });
  const visible = g && (auth.role === 'PARTNER' ? g.partnerId === auth.partnerId : g.state !== 'DRAFT');
  if (!g || !visible) throw NotFound(TEXTS.grievanceNotFound);
  return g;
}

/** Files named by a step must be the caller's own uploads. */
async function checkFiles(db: Db | Tx, auth: AuthContext, fileIds: string[], now: Date, field = 'fileIds') {
  const own = await ownFileIds(db, auth, fileIds, now);
  fileIds.forEach((id, i) => {
    if (!own.has(id)) throw Invalid(`${field}.${i}`, TEXTS.notYourUpload);
  });
}

/** A document number must be one of the partner's order or invoice numbers. */
async function checkDocumentNumber(db: Db | Tx, partnerId: number, documentNumber: string | undefined) {
  if (!documentNumber) return;
  const [order, invoice] = await Promise.all([
    db.partnerOrder.findFirst({ where: { orderNumber: documentNumber, partnerId }, select: { id: true } }),
    db.partnerInvoice.findFirst({ where: { invoiceNumber: documentNumber, partnerId }, select: { id: true } }),
  ]);
  if (!order && !invoice) throw Invalid('documentNumber', TEXTS.grievanceDocumentUnknown);
}

/** Saves a new draft or updates one (only a draft changes this way); the first save records it. */
export async function saveDraft(db: Db, auth: AuthContext & { partnerId: number }, body: GrievanceDraftBody, now: Date) {
  await checkDocumentNumber(db, auth.partnerId, body.documentNumber);
  await checkFiles(db, auth, body.fileIds, now);
  const fields = {
    reasonCode: body.reasonCode,
    documentNumber: body.documentNumber ?? null,
    subject: body.subject,
    description: body.description,
    fileIds: body.fileIds,
  };
  return db.$transaction(async (tx) => {
    const partner = await tx.partner.findUniqueOrThrow({ where: { id: auth.partnerId } });
    if (body.grievanceNumber) {
      const g = await find(tx, auth, body.grievanceNumber);
      // Compare-and-set: a draft submitted meanwhile in another tab is not rewritten.
      const { count } = await tx.grievance.updateMany({
        where: { id: g.id, state: 'DRAFT' },
        data: { ...fields, title: grievanceTitleOf({ grievanceNumber: g.grievanceNumber, subject: body.subject }, partner) },
      });
      if (count === 0) throw Conflict(TEXTS.grievanceNotDraft);
      return detail(tx, await find(tx, auth, g.grievanceNumber), auth, now);
    }
    const [{ next }] = await tx.$queryRaw<[{ next: bigint }]>`SELECT nextval('grievance_number_seq') AS next`;
    const companyCode = auth.companyCode ?? partner.currentCompanyCode ?? 1;
    const grievanceNumber = grievanceNumberOf(companyCode, now, next);
    const created = await tx.grievance.create({
      data: {
        ...fields,
        grievanceNumber,
        partnerId: auth.partnerId,
        companyCode,
        international: partner.countryCode !== DOMESTIC_COUNTRY_CODE,
        state: 'DRAFT',
        title: grievanceTitleOf({ grievanceNumber, subject: body.subject }, partner),
        createdAt: now,
        steps: { create: { action: 'DRAFT', toState: 'DRAFT', actorUserId: auth.userId, byPartner: true, createdAt: now } },
      },
      include: withPartner,
    });
    return detail(tx, created, auth, now);
  });
}

export async function deleteDraft(db: Db, auth: AuthContext, grievanceNumber: string): Promise<Text> {
  const g = await find(db, auth, grievanceNumber);
  const { count } = await db.grievance.deleteMany({ where: { id: g.id, state: 'DRAFT' } });
  if (count === 0) throw Conflict(TEXTS.grievanceNotDraft);
  return TEXTS.grievanceDraftDeleted(grievanceNumber);
}

/**
 * Takes one step of the lifecycle and records it: the state is compared and set in one UPDATE, so
 * of two people acting at once only one moves it; the partner hears of staff steps.
 */
async function step(
  db: Db,
  auth: AuthContext,
  action: GrievanceAction,
  body: GrievanceStepBody & { reasonCode?: GrievanceReason },
  now: Date,
): Promise<GrievanceDetail> {
  return db.$transaction(async (tx) => {
    const g = await find(tx, auth, body.grievanceNumber);
    const from = g.state as GrievanceState;
    const result = grievanceTransition(from, action, auth.role, { remarks: body.remarks ?? null, settledAt: g.settledAt, now });
    if (!result.ok) throw refusal(result);
    if (action === 'SUBMIT' && g.description.length < GRIEVANCE_DESCRIPTION_MIN)
      throw Invalid('description', `must be at least ${GRIEVANCE_DESCRIPTION_MIN} characters to submit`);
    await checkFiles(tx, auth, body.fileIds, now);
    const settles = result.state === 'RESOLVED' || result.state === 'CLOSED';
    const { count } = await tx.grievance.updateMany({
      where: { id: g.id, state: from },
      data: {
        state: result.state,
        ...(action === 'SUBMIT' ? { submittedAt: now } : {}),
        ...(settles ? { settledAt: now } : {}),
        ...(body.reasonCode ? { reasonCode: body.reasonCode } : {}),
        dueAt: grievanceDueAfter(action, { reasonCode: g.reasonCode as GrievanceReason, dueAt: g.dueAt }, now, body.reasonCode),
        answeredAt: grievanceAnsweredAfter(from, result.state, g.answeredAt, now),
      },
    });
    if (count === 0) {
      const current = await tx.grievance.findUniqueOrThrow({ where: { id: g.id } });
      throw Conflict(TEXTS.grievanceMoved(current.state));
    }
    await tx.grievanceStep.create({
      data: {
        grievanceId: g.id,
        action,
        fromState: from,
        toState: result.state,
        actorUserId: auth.userId,
        byPartner: auth.role === 'PARTNER',
        remarks: body.remarks?.trim() || null,
        previousReason: body.reasonCode ? g.reasonCode : null,
        fileIds: body.fileIds,
        createdAt: now,
      },
    });
    const remarks = escapeHtml(body.remarks?.trim() ?? '');
    const notice =
      action === 'FORWARD'
        ? TEXTS.grievanceForwarded(g.grievanceNumber, remarks)
        : action === 'RESOLVE'
          ? TEXTS.grievanceResolved(g.grievanceNumber, remarks)
          : null;
    if (notice) await tx.notification.create({ data: { ...noticeTo(g.partnerId, notice), createdAt: now } });
    return detail(tx, await find(tx, auth, g.grievanceNumber), auth, now);
  });
}

export const grievanceSteps = {
  submit: (db: Db, auth: AuthContext, body: GrievanceStepBody, now: Date) => step(db, auth, 'SUBMIT', body, now),
  close: (db: Db, auth: AuthContext, body: GrievanceStepBody, now: Date) => step(db, auth, 'CLOSE', body, now),
  reopen: (db: Db, auth: AuthContext, body: GrievanceStepBody, now: Date) => step(db, auth, 'REOPEN', body, now),
  changeReason: (db: Db, auth: AuthContext, body: GrievanceReasonChangeBody, now: Date) =>
    step(db, auth, 'CHANGE_REASON', body, now),
  forward: (db: Db, auth: AuthContext, body: GrievanceStepBody, now: Date) => step(db, auth, 'FORWARD', body, now),
  resolve: (db: Db, auth: AuthContext, body: GrievanceStepBody, now: Date) => step(db, auth, 'RESOLVE', body, now),
};

export async function grievanceDetail(db: Db, auth: AuthContext, grievanceNumber: string, now: Date): Promise<GrievanceDetail> {
  return detail(db, await find(db, auth, grievanceNumber), auth, now);
}

/** A page of grievances matching `where`, newest first (their total counted, unless given). */
async function grievancePage(
  db: Db,
  where: Prisma.GrievanceWhereInput,
  query: GrievanceListQuery,
  now: Date,
  total: () => Promise<number> = () => db.grievance.count({ where, ...countTake(query) }),
) {
  const page = await keysetPage<GrievanceRow, number>(query, {
    total,
    rows: ({ after, skip, take }) =>
      db.grievance.findMany({
        where: after === null ? where : { AND: [where, { id: { lt: after } }] },
        include: withPartner,
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (g) => g.id,
  });
  return { ...page, items: page.items.map((g) => item(g, now)) };
}

const searched = (term: string | undefined): Prisma.GrievanceWhereInput =>
  term ? { title: { contains: term, mode: 'insensitive' } } : {};

/** The partner's own grievances in the session's company, by state, searched by number or subject. */
export async function listGrievances(
  db: Db,
  auth: AuthContext & { partnerId: number },
  query: GrievanceListQuery,
  now: Date,
): Promise<Paged<GrievanceItem>> {
  return grievancePage(
    db,
    {
      partnerId: auth.partnerId,
      ...(auth.companyCode === null ? {} : { companyCode: auth.companyCode }),
      ...(query.state ? { state: query.state } : {}),
      ...searched(query.searchTerm || undefined),
    },
    query,
    now,
  );
}

/** Open grievances past their deadline, or due soon (GRIEVANCE_DUE_SOON_DAYS). */
export const deadlineWhere = (deadline: 'overdue' | 'dueSoon', now: Date): Prisma.GrievanceWhereInput => ({
  state: { in: [...GRIEVANCE_OPEN_STATES] },
  dueAt: deadline === 'overdue' ? { lt: now } : { gte: now, lt: grievanceDueSoonUntil(now) },
});

/**
 * The staff list: every company's grievances but drafts (the partner's alone), domestic or
 * international, by company, state, reason and deadline, searched by number, subject or partner.
 */
export async function listStaffGrievances(db: Db, query: GrievanceStaffListQuery, now: Date): Promise<Paged<GrievanceItem>> {
  const grouped = {
    state: query.state ?? { not: 'DRAFT' },
    ...(query.scope ? { international: query.scope === 'international' } : {}),
    ...(query.companyCode === undefined ? {} : { companyCode: query.companyCode }),
    ...(query.reasonCode ? { reasonCode: query.reasonCode } : {}),
  };
  const where: Prisma.GrievanceWhereInput = {
    AND: [grouped, query.deadline ? deadlineWhere(query.deadline, now) : {}, searched(query.searchTerm || undefined)],
  };
  // Without a search or a deadline, the total is the kept counts of the groups asked for (the
  // grievances of the scope counted on each page grew with them).
  const kept =
    query.deadline || query.searchTerm
      ? undefined
      : async () => (await db.grievanceTally.aggregate({ where: grouped, _sum: { grievances: true } }))._sum.grievances ?? 0;
  return grievancePage(db, where, query, now, kept);
}
