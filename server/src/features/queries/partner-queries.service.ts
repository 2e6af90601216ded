import {
  PARTNER_QUERY_PERMISSION,
  PARTNER_QUERY_UNSETTLED,
  TEXTS,
  hasPermission,
  partnerQueryActionsFor,
  partnerQueryTransition,
  type Paged,
  type PageQuery,
  type PartnerQueryAction,
  type PartnerQueryAuthor,
  type PartnerQueryDetail,
  type PartnerQueryItem,
  type PartnerQueryListQuery,
  type PartnerQueryReplyBody,
  type PartnerQueryState,
  type PartnerQueryStepBody,
} from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import { Conflict, Forbidden, NotFound, type AuthContext } from '@pp/platform';
import { noticeTo } from '../../lib/notices.ts';
import { queryAnsweredMail, queryResolvedMail } from '../../lib/outbound-messages.ts';
import { containsSql, countSearched, countTake, keysetPage, type SearchTotals } from '../../lib/paging.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { filesInfo } from '../../lib/stored-files.ts';
import type { Tx } from '../../lib/transaction.ts';
import { escapeHtml } from '../../lib/html.ts';

const withPartner = { partner: { select: { partnerNumber: true } } } as const;
type QueryRow = Prisma.PartnerQueryGetPayload<{ include: typeof withPartner }>;

const item = (q: QueryRow): PartnerQueryItem => ({
  referenceNumber: q.referenceNumber,
  source: q.source,
  state: q.status as PartnerQueryState,
  displayName: q.displayName,
  companyName: q.companyName,
  email: q.partnerEmailId,
  mobileNumber: q.mobileNumber,
  partnerNumber: q.partner?.partnerNumber ?? null,
  companyCode: q.companyCode,
  message: q.message,
  createdAt: q.createdAt.toISOString(),
  lastMessageAt: q.lastMessageAt.toISOString(),
  resolvedAt: q.resolvedAt?.toISOString() ?? null,
});

/** Staff holding the permission, or a partner; a staff member without it is refused. */
function sideOf(auth: AuthContext): 'PARTNER' | 'STAFF' {
  if (auth.role === 'PARTNER') return 'PARTNER';
  if (!hasPermission(auth.role, PARTNER_QUERY_PERMISSION)) throw Forbidden(TEXTS.permissionRequired(PARTNER_QUERY_PERMISSION));
  return 'STAFF';
}

/** A query the caller may see: any for staff, the partner's own (asked signed in) for a partner. */
async function find(db: Db | Tx, auth: AuthContext, referenceNumber: string): Promise<QueryRow> {
  const side = sideOf(auth);
  const q = await db.partnerQuery.findUnique({ where: { referenceNumber }, include: withPartner });
  if (!q || (side === 'PARTNER' && q.partnerId !== auth.partnerId)) throw NotFound(TEXTS.partnerQueryNotFound);
  return q;
}

async function detail(db: Db | Tx, q: QueryRow, auth: AuthContext): Promise<PartnerQueryDetail> {
  const [messages, files] = await Promise.all([
    db.partnerQueryMessage.findMany({ where: { queryId: q.id }, orderBy: { id: 'asc' } }),
    filesInfo(db, q.attachmentDocId ? [q.attachmentDocId] : []),
  ]);
  const staffIds = [...new Set(messages.filter((m) => m.author === 'STAFF' && m.authorUserId).map((m) => m.authorUserId!))];
  // Staff read who answered; the partner reads "the group".
  const names =
    auth.role === 'PARTNER' || staffIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (await db.userAccount.findMany({ where: { id: { in: staffIds } }, select: { id: true, displayName: true } })).map(
            (u) => [u.id, u.displayName],
          ),
        );
  return {
    ...item(q),
    siteUrl: q.siteUrl,
    attachment: q.attachmentDocId ? (files.get(q.attachmentDocId) ?? null) : null,
    messages: messages.map((m) => ({
      author: m.author as PartnerQueryAuthor,
      authorName: m.authorUserId ? (names.get(m.authorUserId) ?? null) : null,
      text: m.text,
      at: m.createdAt.toISOString(),
    })),
    actions: partnerQueryActionsFor(q.status as PartnerQueryState, auth.role),
  };
}

export async function partnerQueryDetail(db: Db, auth: AuthContext, referenceNumber: string) {
  return detail(db, await find(db, auth, referenceNumber), auth);
}

/** A page of queries matching `where`, newest first (their total counted, unless given). */
async function queryPage(
  db: Db,
  where: Prisma.PartnerQueryWhereInput,
  query: PageQuery,
  total: () => Promise<number> = () => db.partnerQuery.count({ where, ...countTake(query) }),
): Promise<Paged<PartnerQueryItem>> {
  const page = await keysetPage<QueryRow, number>(query, {
    total,
    rows: ({ after, skip, take }) =>
      db.partnerQuery.findMany({
        where: after === null ? where : { AND: [where, { id: { lt: after } }] },
        include: withPartner,
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (q) => q.id,
  });
  return { ...page, items: page.items.map(item) };
}

/**
 * GET /api/partnerqueries/getAllPartnerQueryList: every query, newest first, by company, state and
 * source, searched over the trigram index. jobCode and userId name the caller in the group's
 * sign-in; here the session does, so they are only checked for shape.
 */
export async function listPartnerQueries(db: Db, query: PartnerQueryListQuery, totals: SearchTotals) {
  const term = query.searchTerm || undefined;
  const grouped = {
    ...(query.encCompanyCode === undefined ? {} : { companyCode: query.encCompanyCode }),
    ...(query.state ? { status: query.state } : {}),
    ...(query.source ? { source: query.source } : {}),
  };
  // Without a search, the total is the kept counts of the groups asked for.
  return term
    ? queryPage(db, { ...grouped, title: { contains: term, mode: 'insensitive' } }, query, () =>
        countSearched(
          db,
          Prisma.sql`"PartnerQuery" WHERE ${containsSql(Prisma.sql`title`, term)}
            ${grouped.companyCode === undefined ? Prisma.empty : Prisma.sql`AND "companyCode" = ${grouped.companyCode}`}
            ${grouped.status ? Prisma.sql`AND status = ${grouped.status}` : Prisma.empty}
            ${grouped.source ? Prisma.sql`AND source = ${grouped.source}` : Prisma.empty}`,
          { totals, tables: ['PartnerQuery'] },
        ),
      )
    : queryPage(db, grouped, query, () => keptQueries(db, grouped));
}

/** How many queries there are of a company, state and source, from their kept counts. */
const keptQueries = async (db: Db, where: Prisma.PartnerQueryTallyWhereInput) =>
  (await db.partnerQueryTally.aggregate({ where, _sum: { queries: true } }))._sum.queries ?? 0;

/** A partner's queries: the signed-in partner's own, or for staff the partner named. */
export async function partnerQueriesOf(db: Db, auth: AuthContext, query: PageQuery & { partnerId?: number | undefined }) {
  const partnerId = sideOf(auth) === 'PARTNER' ? auth.partnerId! : query.partnerId;
  if (partnerId === undefined) throw NotFound(TEXTS.partnerQueryNotFound);
  return queryPage(db, { partnerId }, query);
}

/** GET /api/common-view/isPartnerQueriesRequired: whether the caller works queries, and how many wait. */
export async function partnerQueriesRequired(db: Db, auth: AuthContext, companyCode: number | undefined) {
  const required = hasPermission(auth.role, PARTNER_QUERY_PERMISSION);
  const waiting = required ? await keptQueries(db, { status: 'OPEN', ...(companyCode === undefined ? {} : { companyCode }) }) : 0;
  return { required, waiting };
}

/**
 * Takes one step on a query: its state compared and set in one UPDATE (of two staff answering at
 * once, both replies are kept; of two resolving, one wins), the line recorded, and for a staff
 * step the partner e-mailed (the mailbox in development) and, when it asked signed in, noticed.
 */
async function step(
  deps: Pick<ServiceDeps, 'db' | 'messenger'>,
  auth: AuthContext,
  action: PartnerQueryAction,
  body: { referenceNumber: string; text?: string | undefined },
  now: Date,
): Promise<PartnerQueryDetail> {
  const side = sideOf(auth);
  const { q, mail } = await deps.db.$transaction(async (tx) => {
    const q = await find(tx, auth, body.referenceNumber);
    const from = q.status as PartnerQueryState;
    const to = partnerQueryTransition(from, action, auth.role);
    if (!to) throw Conflict(TEXTS.partnerQueryWrongState(from));
    // A reply reopening a settled query must not make a second unsettled one for the address.
    if (
      to === 'OPEN' &&
      !PARTNER_QUERY_UNSETTLED.includes(from) &&
      (await tx.partnerQuery.findFirst({
        where: { partnerEmailId: q.partnerEmailId, status: { in: [...PARTNER_QUERY_UNSETTLED] }, id: { not: q.id } },
        select: { id: true },
      }))
    )
      throw Conflict(TEXTS.supportOpenChatExists);
    const { count } = await tx.partnerQuery.updateMany({
      where: { id: q.id, status: from },
      data: {
        status: to,
        lastMessageAt: now,
        ...(to === 'RESOLVED' ? { resolvedAt: now } : {}),
        ...(to === 'OPEN' ? { resolvedAt: null } : {}),
      },
    });
    if (count === 0) {
      const current = await tx.partnerQuery.findUniqueOrThrow({ where: { id: q.id } });
      throw Conflict(TEXTS.partnerQueryMoved(current.status));
    }
    if (body.text)
      await tx.partnerQueryMessage.create({
        data: { queryId: q.id, author: side, authorUserId: auth.userId, text: body.text, createdAt: now },
      });
    const mail =
      side === 'STAFF' && action === 'REPLY'
        ? queryAnsweredMail(q.displayName, q.referenceNumber, body.text!)
        : side === 'STAFF' && action === 'RESOLVE'
          ? queryResolvedMail(q.displayName, q.referenceNumber, body.text ?? '')
          : null;
    if (mail && q.partnerId !== null) {
      const notice =
        action === 'REPLY'
          ? TEXTS.partnerQueryAnswered(q.referenceNumber, escapeHtml(body.text!))
          : TEXTS.partnerQueryResolved(q.referenceNumber);
      await tx.notification.create({ data: { ...noticeTo(q.partnerId, notice), createdAt: now } });
    }
    return { q: await find(tx, auth, q.referenceNumber), mail };
  });
  // After the commit: an answer that did not happen is never mailed.
  if (mail) await deps.messenger.sendMail({ to: q.partnerEmailId, ...mail });
  return detail(deps.db, q, auth);
}

export const partnerQuerySteps = {
  reply: (deps: Pick<ServiceDeps, 'db' | 'messenger'>, auth: AuthContext, body: PartnerQueryReplyBody, now: Date) =>
    step(deps, auth, 'REPLY', { referenceNumber: body.referenceNumber, text: body.message }, now),
  resolve: (deps: Pick<ServiceDeps, 'db' | 'messenger'>, auth: AuthContext, body: PartnerQueryStepBody, now: Date) =>
    step(deps, auth, 'RESOLVE', { referenceNumber: body.referenceNumber, text: body.remarks }, now),
  close: (deps: Pick<ServiceDeps, 'db' | 'messenger'>, auth: AuthContext, body: PartnerQueryStepBody, now: Date) =>
    step(deps, auth, 'CLOSE', { referenceNumber: body.referenceNumber, text: body.remarks }, now),
};
