import { randomInt } from 'node:crypto';
import { LOGOUT_TYPE_ADMIN, TEXTS, RULES, type AdminActionBody, type PageQuery, requestTitleOf } from '@pp/contract';
import { hashPassword } from '@pp/db/passwords';
import { Conflict, Invalid, type AuthContext } from '@pp/platform';
import { issueActivation } from '../../lib/activation.ts';
import { partnerByNumber, recordAdminAction } from '../../lib/admin-audit.ts';
import { defaultPasswordMail } from '../../lib/outbound-messages.ts';
import { keysetPage } from '../../lib/paging.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { Tx } from '../../lib/transaction.ts';

/**
 * The admin actions of section 6 on a partner's master record and account (the ones on a
 * submitted profile live with the profile, features/onboarding/admin-actions.ts). Each changes
 * and records in one transaction.
 */
type Deps = ServiceDeps;
type Partner = Awaited<ReturnType<typeof partnerByNumber>>;

/** Runs a change of one partner and records it: the partner is read inside the transaction. */
async function onPartner(
  deps: Deps,
  actor: AuthContext,
  action: Parameters<typeof recordAdminAction>[1]['action'],
  body: { partnerNumber: string; remarks?: string | undefined },
  change: (tx: Tx, partner: Partner) => Promise<{ before: unknown; after: unknown }>,
) {
  return deps.db.$transaction(async (tx) => {
    const partner = await partnerByNumber(tx, body.partnerNumber);
    const { before, after } = await change(tx, partner);
    return recordAdminAction(tx, {
      action,
      actor,
      partnerNumber: partner.partnerNumber,
      before,
      after,
      remarks: body.remarks ?? null,
      now: deps.now(),
    });
  });
}

/** A request of the partner that staff are reviewing now (its desk is a staff desk). */
async function requestUnderReview(tx: Tx, partnerId: number) {
  return tx.workflowRequest.findFirst({
    where: { partnerId, desk: { notIn: ['PARTNER'] }, NOT: { desk: null } },
    select: { requestNumber: true },
  });
}

/** Ends every open session of an account (the admin disabled it or reset its password). */
const endSessions = (tx: Tx, userId: number, now: Date) =>
  tx.userSession.updateMany({ where: { userId, logoutTime: null }, data: { logoutTime: now, logoutType: LOGOUT_TYPE_ADMIN } });

export function changeCompanyName(deps: Deps, actor: AuthContext, body: AdminActionBody<'changeCompanyName'>) {
  return onPartner(deps, actor, 'changeCompanyName', body, async (tx, partner) => {
    if (partner.organizationName === body.organizationName) throw Invalid('organizationName', TEXTS.sameValue);
    await tx.partner.update({ where: { id: partner.id }, data: { organizationName: body.organizationName } });
    // The workbench searches requests by their title: it follows the new name.
    await tx.workflowRequest.updateMany({
      where: { partnerId: partner.id },
      data: { title: requestTitleOf(body.organizationName, partner.partnerNumber) },
    });
    return { before: { organizationName: partner.organizationName }, after: { organizationName: body.organizationName } };
  });
}

export function changeCountry(deps: Deps, actor: AuthContext, body: AdminActionBody<'changeCountry'>) {
  return onPartner(deps, actor, 'changeCountry', body, async (tx, partner) => {
    if (partner.countryCode === body.countryCode) throw Invalid('countryCode', TEXTS.sameValue);
    if (!(await tx.country.findUnique({ where: { countryCode: body.countryCode } })))
      throw Invalid('countryCode', TEXTS.countryUnknown(body.countryCode));
    // Domestic and international profiles ask different things: not while staff are reading one.
    const open = await requestUnderReview(tx, partner.id);
    if (open) throw Conflict(TEXTS.requestUnderReview(open.requestNumber));
    await tx.partner.update({ where: { id: partner.id }, data: { countryCode: body.countryCode } });
    return { before: { countryCode: partner.countryCode }, after: { countryCode: body.countryCode } };
  });
}

export function changeStatus(deps: Deps, actor: AuthContext, body: AdminActionBody<'changeStatus'>) {
  return onPartner(deps, actor, 'changeStatus', body, async (tx, partner) => {
    const account = partner.account;
    if (!account) throw Invalid('partnerNumber', TEXTS.noAccount(partner.partnerNumber));
    if (account.status === body.status) throw Invalid('status', TEXTS.sameValue);
    await tx.userAccount.update({ where: { id: account.id }, data: { status: body.status } });
    if (body.status === 'DISABLED') await endSessions(tx, account.id, deps.now());
    return { before: { status: account.status }, after: { status: body.status } };
  });
}

export function contact(deps: Deps, actor: AuthContext, body: AdminActionBody<'contact'>) {
  return onPartner(deps, actor, 'contact', body, async (tx, partner) => {
    const change = {
      ...(body.coordinationPerson ? { coordinationPerson: body.coordinationPerson } : {}),
      ...(body.email ? { email: body.email } : {}),
      ...(body.mobileNumber ? { mobileNumber: body.mobileNumber } : {}),
    };
    const before = Object.fromEntries(Object.keys(change).map((k) => [k, partner[k as keyof typeof change]]));
    await tx.partner.update({ where: { id: partner.id }, data: change });
    // The sign-in account reaches the partner at the same address and number (OTPs, resets).
    if (partner.account)
      await tx.userAccount.update({
        where: { id: partner.account.id },
        data: {
          ...(body.email ? { email: body.email } : {}),
          ...(body.mobileNumber ? { mobileNumber: body.mobileNumber } : {}),
          ...(body.coordinationPerson ? { displayName: body.coordinationPerson } : {}),
        },
      });
    return { before, after: change };
  });
}

export function updateGracePeriod(deps: Deps, actor: AuthContext, body: AdminActionBody<'updateGracePeriod'>) {
  return onPartner(deps, actor, 'updateGracePeriod', body, async (tx, partner) => {
    await tx.partner.update({ where: { id: partner.id }, data: { graceDays: body.graceDays } });
    return { before: { graceDays: partner.graceDays }, after: { graceDays: body.graceDays } };
  });
}

export function fleetCardTag(deps: Deps, actor: AuthContext, body: AdminActionBody<'fleetCardTag'>) {
  return onPartner(deps, actor, 'fleetCardTag', body, async (tx, partner) => {
    if (partner.fleetCardTag === body.tagged) throw Invalid('tagged', TEXTS.sameValue);
    await tx.partner.update({ where: { id: partner.id }, data: { fleetCardTag: body.tagged } });
    return { before: { fleetCardTag: partner.fleetCardTag }, after: { fleetCardTag: body.tagged } };
  });
}

export async function resendActivationMail(deps: Deps, actor: AuthContext, body: AdminActionBody<'resendActivationMail'>) {
  const partner = await partnerByNumber(deps.db, body.partnerNumber);
  if (!partner.account) throw Invalid('partnerNumber', TEXTS.noAccount(partner.partnerNumber));
  if (partner.account.status !== 'PENDING_EMAIL') throw Conflict(TEXTS.activationNotPending);
  await issueActivation(deps, partner.account);
  return deps.db.$transaction((tx) =>
    recordAdminAction(tx, {
      action: 'resendActivationMail',
      actor,
      partnerNumber: partner.partnerNumber,
      after: { sentTo: partner.account!.email },
      remarks: body.remarks ?? null,
      now: deps.now(),
    }),
  );
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@$!#';

/** A password the section 5 rule accepts: 14 characters, each class at least once, from a CSPRNG. */
function generatedPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 10 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (!RULES.password.pattern.test(password)) throw new Error('generated password breaks the password rule');
  return password;
}

export async function resetDefaultPassword(deps: Deps, actor: AuthContext, body: AdminActionBody<'resetDefaultPassword'>) {
  const password = generatedPassword();
  const passwordHash = await hashPassword(password);
  let recipient: { email: string; displayName: string; username: string } | null = null;
  const result = await onPartner(deps, actor, 'resetDefaultPassword', body, async (tx, partner) => {
    const account = partner.account;
    if (!account) throw Invalid('partnerNumber', TEXTS.noAccount(partner.partnerNumber));
    await tx.userAccount.update({ where: { id: account.id }, data: { passwordHash, passwordChangedAt: null } });
    await endSessions(tx, account.id, deps.now());
    recipient = account;
    return { before: null, after: { sentTo: account.email } };
  });
  // Mailed once the change is committed: a rolled-back reset sends no password.
  const { email, displayName, username } = recipient!;
  await deps.messenger.sendMail({ to: email, ...defaultPasswordMail(displayName, username, password) });
  return { ...result, message: TEXTS.defaultPasswordSent(email) };
}

/** Numbers and contact details by which two registrations are the same organisation. */
async function sharedIdentity(tx: Tx, a: Partner, b: Partner): Promise<boolean> {
  if (a.nationalId && a.nationalId === b.nationalId && a.countryCode === b.countryCode) return true;
  if (a.email === b.email || (a.mobileNumber && a.mobileNumber === b.mobileNumber)) return true;
  const numbers = await tx.partnerIdentifier.findMany({ where: { partnerId: a.id }, select: { kind: true, value: true } });
  if (numbers.length === 0) return false;
  const shared = await tx.partnerIdentifier.findFirst({ where: { partnerId: b.id, OR: numbers }, select: { id: true } });
  return shared !== null;
}

export function deleteDuplicatePartner(deps: Deps, actor: AuthContext, body: AdminActionBody<'deleteDuplicatePartner'>) {
  return onPartner(deps, actor, 'deleteDuplicatePartner', body, async (tx, partner) => {
    if (partner.partnerNumber === body.duplicateOfPartnerNumber) throw Invalid('duplicateOfPartnerNumber', TEXTS.mergeIntoItself);
    const kept = await partnerByNumber(tx, body.duplicateOfPartnerNumber, 'duplicateOfPartnerNumber');
    if (await tx.workflowRequest.findFirst({ where: { partnerId: partner.id }, select: { id: true } }))
      throw Conflict(TEXTS.mergeHasRequests(partner.partnerNumber));
    if (!(await sharedIdentity(tx, partner, kept)))
      throw Invalid('duplicateOfPartnerNumber', TEXTS.notADuplicate(partner.partnerNumber, kept.partnerNumber));
    // Its account, mappings, profiles and notifications go with it (the schema cascades).
    await tx.partner.delete({ where: { id: partner.id } });
    return {
      before: { organizationName: partner.organizationName, email: partner.email, username: partner.account?.username ?? null },
      after: { duplicateOf: kept.partnerNumber },
    };
  });
}

export function mergeAccounts(deps: Deps, actor: AuthContext, body: AdminActionBody<'mergeAccounts'>) {
  return deps.db.$transaction(async (tx) => {
    if (body.fromPartnerNumber === body.intoPartnerNumber) throw Invalid('intoPartnerNumber', TEXTS.mergeIntoItself);
    const from = await partnerByNumber(tx, body.fromPartnerNumber, 'fromPartnerNumber');
    const into = await partnerByNumber(tx, body.intoPartnerNumber, 'intoPartnerNumber');
    // The forensics pages offer a merge by the same rule (their holders' `mergeable`).
    if (from.account?.status === 'DISABLED') throw Conflict(TEXTS.mergeFromDisabled(from.partnerNumber));
    if (await tx.workflowRequest.findFirst({ where: { partnerId: from.id }, select: { id: true } }))
      throw Conflict(TEXTS.mergeHasRequests(from.partnerNumber));
    if (!(await sharedIdentity(tx, from, into)))
      throw Invalid('fromPartnerNumber', TEXTS.notADuplicate(from.partnerNumber, into.partnerNumber));
    // The companies and businesses only the second account registered move, with their draft profiles.
    const held = await tx.companyMapping.findMany({ where: { partnerId: into.id } });
    const key = (m: { companyCode: number; categoryCode: string }) => `${m.companyCode}:${m.categoryCode}`;
    const heldKeys = new Set(held.map(key));
    const moving = (await tx.companyMapping.findMany({ where: { partnerId: from.id } })).filter((m) => !heldKeys.has(key(m)));
    for (const m of moving) {
      await tx.companyMapping.update({ where: { id: m.id }, data: { partnerId: into.id } });
      await tx.onboardingProfile.updateMany({
        where: { partnerId: from.id, companyCode: m.companyCode, categoryCode: m.categoryCode },
        data: { partnerId: into.id },
      });
      await tx.partnerIdentifier.updateMany({
        where: { partnerId: from.id, profile: { companyCode: m.companyCode, categoryCode: m.categoryCode } },
        data: { partnerId: into.id },
      });
    }
    const notifications = await tx.notification.updateMany({ where: { partnerId: from.id }, data: { partnerId: into.id } });
    const files = await tx.storedFile.updateMany({ where: { partnerId: from.id }, data: { partnerId: into.id } });
    if (from.account) {
      await tx.userAccount.update({ where: { id: from.account.id }, data: { status: 'DISABLED' } });
      await endSessions(tx, from.account.id, deps.now());
    }
    return recordAdminAction(tx, {
      action: 'mergeAccounts',
      actor,
      partnerNumber: into.partnerNumber,
      before: { from: from.partnerNumber, fromStatus: from.account?.status ?? null },
      after: {
        into: into.partnerNumber,
        companiesMoved: moving.map(key),
        notificationsMoved: notifications.count,
        filesMoved: files.count,
        fromStatus: 'DISABLED',
      },
      remarks: body.remarks ?? null,
      now: deps.now(),
    });
  });
}

type AuditRow = Awaited<ReturnType<Deps['db']['adminAudit']['findFirstOrThrow']>>;

/** The admin audit, newest first, of one partner or of all. */
export async function auditList(deps: Deps, query: PageQuery & { partnerNumber?: string | undefined }) {
  const where = query.partnerNumber ? { partnerNumber: query.partnerNumber } : {};
  // The audit is not searched (a term the page sends is no filter here), so nothing caps its total.
  const page = await keysetPage<AuditRow, number>(
    { ...query, searchTerm: undefined },
    {
      total: () => deps.db.adminAudit.count({ where }),
      rows: ({ after, skip, take }) =>
        deps.db.adminAudit.findMany({
          where: after === null ? where : { ...where, id: { lt: after } },
          orderBy: { id: 'desc' },
          skip,
          take,
        }),
      keyOf: (r) => r.id,
    },
  );
  const actors = new Map(
    (
      await deps.db.userAccount.findMany({
        where: { id: { in: page.items.map((r) => r.actorUserId) } },
        select: { id: true, displayName: true },
      })
    ).map((u) => [u.id, u.displayName]),
  );
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      action: r.action,
      actorName: actors.get(r.actorUserId) ?? '',
      partnerNumber: r.partnerNumber,
      requestNumber: r.requestNumber,
      before: r.before,
      after: r.after,
      remarks: r.remarks,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
