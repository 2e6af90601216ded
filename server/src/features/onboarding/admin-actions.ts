import {
  TEXTS,
  ONBOARDING_PARTS,
  rowData,
  translate,
  financialYears,
  type AdminActionBody,
  type BankAccount,
  type FinancialPerformance,
  type AdminActionName,
  type Statutory,
  requestTitleOf,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, type AuthContext } from '@pp/platform';
import { partnerByNumber, recordAdminAction } from '../../lib/admin-audit.ts';
import { noticeTo } from '../../lib/notices.ts';
import { findBankBranch } from '../../lib/reference-data.ts';
import type { Tx } from '../../lib/transaction.ts';
import { moveRequest, type WorkflowRequestRow } from '../../lib/workflow-requests.ts';
import { writeStatutory } from './parts.ts';
import { lockProfile, openProfile, type Profile } from './profile.ts';
import { readData, readList, readPart, saveRows, syncIdentifiers, writeData } from './store.ts';
import { mergeYears } from './financial.ts';

/**
 * The admin actions of section 6 on a submitted profile (the vendor master): each is checked as
 * the partner's own save would be, changed under the profile's lock, and recorded in the admin
 * audit in the same transaction.
 */
type Deps = { db: Db; now: () => Date };

async function onProfile<T extends { requestNumber: string; remarks?: string | undefined }>(
  deps: Deps,
  actor: AuthContext,
  action: AdminActionName,
  body: T,
  change: (tx: Tx, profile: Profile, request: WorkflowRequestRow) => Promise<{ before: unknown; after: unknown }>,
) {
  return deps.db.$transaction(async (tx) => {
    const request = await tx.workflowRequest.findUnique({ where: { requestNumber: body.requestNumber } });
    const row = request?.profileId ? await tx.onboardingProfile.findUnique({ where: { id: request.profileId } }) : null;
    if (!request || !row) throw NotFound(TEXTS.workflowNotFound);
    const profile = await lockProfile(tx, await openProfile(tx, row.partnerId, row.companyCode, row.categoryCode));
    const { before, after } = await change(tx, profile, request);
    return recordAdminAction(tx, {
      action,
      actor,
      partnerNumber: profile.partnerNumber,
      requestNumber: request.requestNumber,
      before,
      after,
      remarks: body.remarks ?? null,
      now: deps.now(),
    });
  });
}

/** A statutory part with one field changed, parsed as the form's save body is (errors name the field). */
function changedStatutory(current: Statutory | null, field: string, value: string | null, errorField: string): Statutory {
  const parsed = ONBOARDING_PARTS.statutory.input.safeParse({ ...(current ?? {}), [field]: value });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === field) ?? parsed.error.issues[0]!;
    throw Invalid(errorField, translate(issue.message));
  }
  return parsed.data;
}

export function changeStatutory(deps: Deps, actor: AuthContext, body: AdminActionBody<'changeStatutory'>) {
  return onProfile(deps, actor, 'changeStatutory', body, async (tx, profile) => {
    const current = await readPart(tx, profile.id, 'statutory');
    const before = current?.[body.field as keyof Statutory] ?? null;
    if (before === body.value) throw Invalid('value', TEXTS.sameValue);
    await writeStatutory(deps, tx, profile, changedStatutory(current, body.field, body.value, 'value'));
    return { before: { [body.field]: before }, after: { [body.field]: body.value } };
  });
}

export function changePan(deps: Deps, actor: AuthContext, body: AdminActionBody<'changePan'>) {
  return onProfile(deps, actor, 'changePan', body, async (tx, profile) => {
    const current = await readPart(tx, profile.id, 'statutory');
    if (current?.pan === body.pan) throw Invalid('pan', TEXTS.sameValue);
    await writeStatutory(deps, tx, profile, changedStatutory(current, 'pan', body.pan, 'pan'));
    // A partner registered by its PAN is known by the new one too.
    await tx.partner.updateMany({
      where: { id: profile.partnerId, nationalIdType: 'PAN', nationalId: current?.pan ?? undefined },
      data: { nationalId: body.pan },
    });
    return { before: { pan: current?.pan ?? null }, after: { pan: body.pan } };
  });
}

export function registeredAddress(deps: Deps, actor: AuthContext, body: AdminActionBody<'registeredAddress'>) {
  return onProfile(deps, actor, 'registeredAddress', body, async (tx, profile) => {
    const before = await readPart(tx, profile.id, 'address');
    await writeData(tx, profile.id, 'address', body.address);
    return { before, after: body.address };
  });
}

export function paymentInFavourOf(deps: Deps, actor: AuthContext, body: AdminActionBody<'paymentInFavourOf'>) {
  return onProfile(deps, actor, 'paymentInFavourOf', body, async (tx, profile) => {
    const account = (await readList(tx, profile.id, 'bankAccounts')).find((a) => a.id === body.bankAccountId);
    if (!account) throw Invalid('bankAccountId', TEXTS.bankAccountNotInProfile);
    if (account.accountHolderName === body.accountHolderName) throw Invalid('accountHolderName', TEXTS.sameValue);
    await tx.onboardingRow.update({
      where: { id: account.id },
      data: { data: { ...rowData(account), accountHolderName: body.accountHolderName } },
    });
    return {
      before: { bankAccountId: account.id, accountHolderName: account.accountHolderName },
      after: { bankAccountId: account.id, accountHolderName: body.accountHolderName },
    };
  });
}

export function activateGst(deps: Deps, actor: AuthContext, body: AdminActionBody<'activateGst'>) {
  return onProfile(deps, actor, 'activateGst', body, async (tx, profile) => {
    const row = (await readList(tx, profile.id, 'gstins')).find((g) => g.gstin === body.gstin);
    if (!row) throw Invalid('gstin', TEXTS.gstinNotInProfile(body.gstin));
    if (row.activatedAt) throw Invalid('gstin', TEXTS.sameValue);
    const activatedAt = deps.now().toISOString();
    await tx.onboardingRow.update({ where: { id: row.id }, data: { data: { ...rowData(row), activatedAt } } });
    return { before: { gstin: row.gstin, activatedAt: null }, after: { gstin: row.gstin, activatedAt } };
  });
}

export function extendDocument(deps: Deps, actor: AuthContext, body: AdminActionBody<'extendDocument'>) {
  return onProfile(deps, actor, 'extendDocument', body, async (tx, profile) => {
    const answer = await tx.onboardingAnswer.findUnique({
      where: { profileId_questionId: { profileId: profile.id, questionId: body.questionId } },
    });
    if (!answer?.expiryDate) throw Invalid('questionId', TEXTS.questionNotAnswered);
    const current = answer.expiryDate.toISOString().slice(0, 10);
    if (body.expiryDate <= current) throw Invalid('expiryDate', TEXTS.expiryNotLater(current));
    await tx.onboardingAnswer.update({
      where: { profileId_questionId: { profileId: profile.id, questionId: body.questionId } },
      data: { expiryDate: new Date(`${body.expiryDate}T00:00:00Z`) },
    });
    return {
      before: { questionId: body.questionId, expiryDate: current },
      after: { questionId: body.questionId, expiryDate: body.expiryDate },
    };
  });
}

/** Sends a request back for one document from whichever desk holds it; the engine checks the actor may. */
export function sendBackOnboardingDocument(deps: Deps, actor: AuthContext, body: AdminActionBody<'sendBackOnboardingDocument'>) {
  return onProfile(deps, actor, 'sendBackOnboardingDocument', body, async (tx, _profile, request) => {
    const moved = await moveRequest(tx, request, {
      action: 'SEND_BACK',
      actor,
      remarks: `${body.document}: ${body.remarks}`,
      now: deps.now(),
    });
    return { before: { state: request.state }, after: { state: moved.state, document: body.document } };
  });
}

/**
 * Rebuilds what is derived from a partner's profiles and master record: the numbers the duplicate
 * checks search (per profile) and the titles the workbench searches.
 */
export function syncProfile(deps: Deps, actor: AuthContext, body: AdminActionBody<'syncProfile'>) {
  return deps.db.$transaction(async (tx) => {
    const partner = await partnerByNumber(tx, body.partnerNumber);
    const profiles = await tx.onboardingProfile.findMany({ where: { partnerId: partner.id } });
    const before = await tx.partnerIdentifier.count({ where: { partnerId: partner.id } });
    for (const p of profiles) await syncIdentifiers(tx, await openProfile(tx, partner.id, p.companyCode, p.categoryCode));
    const titles = await tx.workflowRequest.updateMany({
      where: { partnerId: partner.id },
      data: { title: requestTitleOf(partner.organizationName, partner.partnerNumber) },
    });
    const after = await tx.partnerIdentifier.count({ where: { partnerId: partner.id } });
    if (profiles.length === 0 && titles.count === 0) throw Conflict(TEXTS.nothingToSync(partner.partnerNumber));
    return recordAdminAction(tx, {
      action: 'syncProfile',
      actor,
      partnerNumber: partner.partnerNumber,
      before: { identifiers: before },
      after: { identifiers: after, profiles: profiles.length, requests: titles.count },
      remarks: body.remarks ?? null,
      now: deps.now(),
    });
  });
}

/** A draft is applied to a profile whose newest request is approved (before that, the partner edits the profile itself). */
async function approvedForDrafts(tx: Tx, profile: Profile, request: WorkflowRequestRow) {
  const newest = await tx.workflowRequest.findFirst({ where: { profileId: profile.id }, orderBy: { id: 'desc' } });
  if (request.state !== 'APPROVED' || newest?.id !== request.id) throw Conflict(TEXTS.draftNeedsApproved);
}

async function takeDraft<T>(tx: Tx, profile: Profile, partName: 'bankDraft' | 'financeDraft'): Promise<T> {
  const draft = await readData<T & { savedAt?: string }>(tx, profile.id, partName);
  if (!draft) throw Invalid('requestNumber', TEXTS.draftToApplyNotFound);
  await tx.onboardingPart.deleteMany({ where: { profileId: profile.id, partName } });
  return draft;
}

/**
 * The bank account a partner saved as a draft becomes one of its profile's accounts: the account
 * with the same number and IFSC is updated, or the draft's is added; the duplicate checks see it.
 */
export function applyBankDraft(deps: Deps, actor: AuthContext, body: AdminActionBody<'applyBankDraft'>) {
  return onProfile(deps, actor, 'applyBankDraft', body, async (tx, profile, request) => {
    await approvedForDrafts(tx, profile, request);
    const { savedAt: _saved, ...account } = await takeDraft<Omit<BankAccount, 'id'> & { savedAt: string }>(
      tx,
      profile,
      'bankDraft',
    );
    if (account.ifsc && !(await findBankBranch(tx, account.ifsc)))
      throw Invalid('requestNumber', TEXTS.ifscUnknown(account.ifsc));
    const same = (await readList(tx, profile.id, 'bankAccounts')).find(
      (a) => a.accountNumber === account.accountNumber && a.ifsc === account.ifsc,
    );
    await saveRows(tx, profile, 'bankAccounts', [{ ...account, ...(same ? { id: same.id } : {}) }]);
    await syncIdentifiers(tx, profile);
    await tx.notification.create({
      data: noticeTo(profile.partnerId, TEXTS.bankDraftApplied(account.accountNumber ?? '')),
    });
    return { before: same ? rowData(same) : null, after: account };
  });
}

/** The financial figures a partner saved as a draft replace those years of its profile's performance. */
export function applyFinanceDraft(deps: Deps, actor: AuthContext, body: AdminActionBody<'applyFinanceDraft'>) {
  return onProfile(deps, actor, 'applyFinanceDraft', body, async (tx, profile, request) => {
    await approvedForDrafts(tx, profile, request);
    const { years } = await takeDraft<{ years: FinancialPerformance[] }>(tx, profile, 'financeDraft');
    const asked = financialYears(deps.now());
    const late = years.map((y) => y.financialYear).filter((fy) => !asked.includes(fy));
    if (late.length > 0) throw Invalid('requestNumber', TEXTS.draftYearsNotAsked(late.join(', ')));
    const { before, after } = await mergeYears(tx, profile, 'performance', years, asked);
    const given = years.map((y) => y.financialYear).join(', ');
    await tx.notification.create({ data: noticeTo(profile.partnerId, TEXTS.financeDraftApplied(given)) });
    return { before: { years: before }, after: { years: after } };
  });
}
