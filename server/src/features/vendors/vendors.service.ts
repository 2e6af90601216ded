import {
  RULES,
  TEXTS,
  type Language,
  type Paged,
  type VendorDetail,
  type VendorItem,
  type VendorMatch,
  type WorkflowState,
} from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import { NotFound, nameIn } from '@pp/platform';
import { answeredTotal, containsSql, countSearched, countTake, type SearchTotals } from '../../lib/paging.ts';

const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][A-Z0-9]Z[A-Z0-9]$/;
const PARTNER_NUMBER = /^[A-Z]{1,3}\d{3,}$/;
const ACCOUNT_NUMBER = /^\d{6,20}$/;

/**
 * What a search term looks like, and the partners it finds: a number is looked up where it is kept
 * (the registered numbers' (kind, value) index, the partner's own columns) and the partners are
 * then read by id; anything else is part of a name (a trigram index).
 */
async function matchOf(db: Db, term: string): Promise<{ as: VendorMatch; where: Prisma.PartnerWhereInput }> {
  const upper = term.toUpperCase().replace(/\s+/g, '');
  const holders = async (kind: string, value: Prisma.StringFilter | string) =>
    (await db.partnerIdentifier.findMany({ where: { kind, value }, select: { partnerId: true }, distinct: ['partnerId'] })).map(
      (i) => i.partnerId,
    );
  const ids = (list: number[]): Prisma.PartnerWhereInput => ({ id: { in: [...new Set(list)] } });
  if (RULES.pan.pattern.test(upper)) return { as: 'pan', where: ids(await holders('PAN', upper)) };
  if (GSTIN.test(upper)) return { as: 'gstin', where: ids(await holders('GST', upper)) };
  if (RULES.mobile.pattern.test(upper)) {
    const own = await db.partner.findMany({ where: { mobileNumber: upper }, select: { id: true } });
    return { as: 'mobile', where: ids([...own.map((p) => p.id), ...(await holders('MOBILE', upper))]) };
  }
  // A bank account is registered as IFSC:account; the account number alone is its second part
  // (PartnerIdentifier_bank_account_idx: a suffix no plain index serves).
  if (ACCOUNT_NUMBER.test(upper)) {
    const accountHolders = await db.$queryRaw<{ partnerId: number }[]>`
      SELECT DISTINCT "partnerId" FROM "PartnerIdentifier" WHERE kind = 'BANK' AND split_part(value, ':', 2) = ${upper}`;
    return { as: 'bankAccount', where: ids(accountHolders.map((h) => h.partnerId)) };
  }
  if (PARTNER_NUMBER.test(upper)) return { as: 'partnerNumber', where: { partnerNumber: upper } };
  return { as: 'name', where: { organizationName: { contains: term, mode: 'insensitive' } } };
}

const withList = {
  country: { select: { countryName: true, countryNameHi: true } },
  account: { select: { status: true } },
  mappings: { select: { companyCode: true } },
} as const;
type ListRow = Prisma.PartnerGetPayload<{ include: typeof withList }>;

const itemOf = (p: ListRow, language: Language): VendorItem => ({
  partnerNumber: p.partnerNumber,
  organizationName: p.organizationName,
  countryName: nameIn(language, p.country.countryName, p.country.countryNameHi),
  email: p.email,
  mobileNumber: p.mobileNumber,
  accountStatus: p.account?.status ?? null,
  companyCodes: [...new Set(p.mappings.map((m) => m.companyCode))].sort((a, b) => a - b),
  registeredAt: p.createdAt.toISOString(),
});

/** The partners whose name holds the term (of a company), counted up to one past the contract's cap. */
const countNamed = (db: Db, term: string, companyCode: number | undefined, totals: SearchTotals) =>
  countSearched(
    db,
    Prisma.sql`"Partner" p WHERE ${containsSql(Prisma.sql`p."organizationName"`, term)}
      ${companyCode === undefined ? Prisma.empty : Prisma.sql`AND EXISTS (SELECT 1 FROM "CompanyMapping" m WHERE m."partnerId" = p.id AND m."companyCode" = ${companyCode})`}`,
    { totals, tables: ['Partner', 'CompanyMapping'] },
  );

/** GET /api/partner-mgmt/search: the partners the term finds (all, newest first, without one), paged. */
export async function searchVendors(
  db: Db,
  query: { searchTerm?: string | undefined; companyCode?: number | undefined; pageNo: number; pageSize: number },
  language: Language,
  totals: SearchTotals,
): Promise<Paged<VendorItem> & { matchedAs: VendorMatch | null }> {
  const term = query.searchTerm?.trim() || undefined;
  const match = term ? await matchOf(db, term) : null;
  const where: Prisma.PartnerWhereInput = {
    AND: [match?.where ?? {}, query.companyCode === undefined ? {} : { mappings: { some: { companyCode: query.companyCode } } }],
  };
  const counted = async () => {
    // Before a search, every partner (of the company) is a match: their kept count, not a count of them.
    if (!match) {
      const tally = await db.partnerTally.findUnique({
        where: { companyCode: query.companyCode ?? 0 },
        select: { partners: true },
      });
      return tally?.partners ?? 0;
    }
    if (match.as === 'name') return countNamed(db, term!, query.companyCode, totals);
    return db.partner.count({ where, ...countTake({ searchTerm: term }) });
  };
  const [total, rows] = await Promise.all([
    counted(),
    db.partner.findMany({
      where,
      include: withList,
      orderBy: { id: 'desc' },
      skip: (query.pageNo - 1) * query.pageSize,
      take: query.pageSize,
    }),
  ]);
  return {
    items: rows.map((p) => itemOf(p, language)),
    ...answeredTotal({ searchTerm: term }, total),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    nextCursor: null,
    matchedAs: match?.as ?? null,
  };
}

/** GET /api/partner-mgmt/partner/:partnerNumber: one partner's master data. */
export async function vendorDetail(db: Db, partnerNumber: string, language: Language): Promise<VendorDetail> {
  const partner = await db.partner.findUnique({
    where: { partnerNumber },
    include: {
      ...withList,
      mappings: { include: { category: true, company: true } },
      profiles: {
        orderBy: { id: 'asc' },
        include: {
          identifiers: true,
          parts: { where: { partName: { in: ['bankDraft', 'financeDraft'] } }, select: { partName: true, data: true } },
        },
      },
    },
  });
  if (!partner) throw NotFound(TEXTS.partnerNumberUnknown(partnerNumber));
  const requests = await db.workflowRequest.findMany({
    where: { partnerId: partner.id, profileId: { not: null } },
    orderBy: { id: 'desc' },
    select: { profileId: true, requestNumber: true, flow: true, state: true },
  });
  const newestOf = new Map<number, (typeof requests)[number]>();
  for (const r of requests) if (!newestOf.has(r.profileId!)) newestOf.set(r.profileId!, r);
  const parts = new Set(partner.profiles.flatMap((p) => p.parts.map((part) => part.partName)));
  const identifiers = new Map<string, { kind: string; value: string }>();
  for (const i of partner.profiles.flatMap((p) => p.identifiers)) identifiers.set(`${i.kind}|${i.value}`, i);
  return {
    ...itemOf(partner, language),
    coordinationPerson: partner.coordinationPerson,
    website: partner.website,
    classificationCode: partner.classificationCode,
    fleetCardTag: partner.fleetCardTag,
    graceDays: partner.graceDays,
    companies: partner.mappings.map((m) => ({
      companyCode: m.companyCode,
      companyName: m.company.companyName,
      categoryCode: m.categoryCode,
      categoryName: nameIn(language, m.category.categoryName, m.category.categoryNameHi),
      isDefault: m.isDefault,
    })),
    profiles: partner.profiles.map((p) => {
      const newest = newestOf.get(p.id);
      return {
        companyCode: p.companyCode,
        categoryCode: p.categoryCode,
        status: p.status,
        requestNumber: newest?.requestNumber ?? null,
        flow: newest?.flow ?? null,
        state: newest?.state ?? null,
        rekycAllowed: (newest?.state as WorkflowState | undefined) === 'APPROVED',
        bankDraft: (p.parts.find((part) => part.partName === 'bankDraft')?.data ??
          null) as VendorDetail['profiles'][number]['bankDraft'],
        financeDraft: (p.parts.find((part) => part.partName === 'financeDraft')?.data ??
          null) as VendorDetail['profiles'][number]['financeDraft'],
      };
    }),
    identifiers: [...identifiers.values()]
      .map(({ kind, value }) => ({ kind, value }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value)),
    drafts: { bank: parts.has('bankDraft'), finance: parts.has('financeDraft') },
  };
}
