import {
  ONBOARDING_MODULE_CODES,
  financialYears,
  mandatoryItems,
  percentageOf,
  onboardingText,
  type MandatoryCheck,
  type MandatoryCheckResult,
  type MandatoryItem,
  type MissingItem,
  type OnboardingModuleCode,
  type OnboardingProgress,
  requestTitleOf,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, type AuthContext } from '@pp/platform';
import { profileStatus } from '../../lib/profile-status.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { acceptanceOf, tdsDeclarationOf } from './declarations.ts';
import { financialOf } from './financial.ts';
import { readTogether, type Tx } from '../../lib/transaction.ts';
import { openProfile, withProfileLock, type Profile } from './profile.ts';
import { askedQuestions } from './questions.ts';
import { moveRequest, nextRequestNumber, openRequest, requestOfProfile } from '../../lib/workflow-requests.ts';
import { readSnapshot } from './store.ts';

/** Everything the mandatory rules look at, read from the profile. */
async function mandatoryOf(db: Db | Tx, profile: Profile, now: Date): Promise<MandatoryItem[]> {
  const [snapshot, questions, answers, ownership, yearMandatory] = await readTogether(db, [
    () => readSnapshot(db, profile.id),
    () => askedQuestions(db, profile),
    () => db.onboardingAnswer.findMany({ where: { profileId: profile.id } }),
    () => db.referenceItem.findMany({ where: { listCode: 'OWNERSHIP_TYPE' } }),
    () => yearOfIncorporationMandatory(db, profile.categoryCode),
  ]);
  const financial = financialOf(snapshot, now);
  const [acceptance, tds] = [acceptanceOf(snapshot), tdsDeclarationOf(snapshot)];
  const [general, address, statutory, vat] = [
    snapshot.part('general'),
    snapshot.part('address'),
    snapshot.part('statutory'),
    snapshot.part('vat'),
  ];
  const [contacts, gstins, bankAccounts, factories, projects, customers] = [
    snapshot.list('contacts'),
    snapshot.list('gstins'),
    snapshot.list('bankAccounts'),
    snapshot.list('factories'),
    snapshot.list('projects'),
    snapshot.list('customers'),
  ];
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const registration = new Map(ownership.map((o) => [o.code, (o.attributes as { registration?: string } | null)?.registration]));
  return mandatoryItems({
    international: profile.international,
    categoryCode: profile.categoryCode,
    yearOfIncorporationMandatory: yearMandatory,
    registrationOf: (type) => (registration.get(type) as 'cin' | 'llpin' | 'frn' | undefined) ?? 'none',
    general,
    address,
    statutory,
    vat,
    contacts,
    gstins,
    bankAccounts,
    factories,
    projects,
    customers,
    performance: financial.performance,
    strength: financial.strength,
    statements: financial.statements,
    financialYears: financialYears(now),
    questions: questions.map((q) => ({
      questionId: q.questionId,
      moduleCode: q.moduleCode,
      kind: q.kind,
      mandatory: q.mandatory,
      isStatic: q.isStatic,
      text: q.text,
      value: answerOf.get(q.questionId)?.value ?? null,
      fileCount: answerOf.get(q.questionId)?.fileIds.length ?? 0,
    })),
    declarationAccepted: acceptance !== null,
    tdsDeclared: tds !== null,
  });
}

/** Whether a business's partners must give their year of incorporation (fixtures, onboarding.json). */
export async function yearOfIncorporationMandatory(db: Db | Tx, categoryCode: string): Promise<boolean> {
  const flag = await db.controlParameter.findUnique({ where: { paramKey: 'onboarding.yearOfIncorporationMandatory' } });
  return (flag?.paramValue ?? '').split(',').includes(categoryCode);
}

/** A missing item as a check answers it: where, what, and a sentence in English. */
function describe(item: MandatoryItem): MissingItem {
  const module = onboardingText(`module.${item.moduleCode}`);
  const what = item.label === 'item.question' ? (item.text ?? '') : onboardingText(item.label);
  const message =
    item.row !== undefined
      ? onboardingText('onboarding.missingRow', { module, item: what, row: item.row })
      : item.path.match(/^(performance|strength|statements)\./)
        ? onboardingText('onboarding.missingYear', { module, item: what, year: item.text })
        : onboardingText('onboarding.missing', { module, item: what });
  return {
    moduleCode: item.moduleCode,
    path: item.path,
    label: item.label,
    text: item.text ?? null,
    row: item.row ?? null,
    message,
  };
}

const resultOf = (items: MandatoryItem[]): MandatoryCheckResult => {
  const missing = items.filter((i) => !i.satisfied).map(describe);
  return { complete: missing.length === 0, missing };
};

/** One of the three checks of section 7: the fields, the questions, or the single-file documents. */
export async function verify(
  deps: { db: Db; now: () => Date },
  partnerId: number,
  target: { companyCode: number; categoryCode: string },
  check: MandatoryCheck,
): Promise<MandatoryCheckResult> {
  const profile = await openProfile(deps.db, partnerId, target.companyCode, target.categoryCode);
  return resultOf((await mandatoryOf(deps.db, profile, deps.now())).filter((i) => i.check === check));
}

export async function progress(deps: { db: Db; now: () => Date }, profile: Profile): Promise<OnboardingProgress> {
  const [items, modules] = await Promise.all([
    mandatoryOf(deps.db, profile, deps.now()),
    deps.db.onboardingModule.findMany({ orderBy: { sortOrder: 'asc' } }),
  ]);
  return {
    overall: percentageOf(items),
    modules: modules
      .filter((m) => (ONBOARDING_MODULE_CODES as readonly string[]).includes(m.moduleCode))
      .map((m) => {
        const own = items.filter((i) => i.moduleCode === m.moduleCode);
        return {
          moduleCode: m.moduleCode as OnboardingModuleCode,
          moduleName: m.moduleName,
          percentage: percentageOf(own),
          satisfied: own.filter((i) => i.satisfied).length,
          total: own.length,
        };
      }),
  };
}

/**
 * Submits a profile: refused, naming every missing item, unless all three checks pass; else it
 * gets its request number and first workflow step, and its status becomes View. The answer's
 * token carries the status of the session's current profile.
 */
export async function submit(
  deps: { db: Db; now: () => Date; tokens: TokenService },
  auth: AuthContext & { partnerId: number },
  target: { companyCode: number; categoryCode: string },
) {
  const requestNumber = await withProfileLock(
    deps.db,
    (tx) => openProfile(tx, auth.partnerId, target.companyCode, target.categoryCode),
    async (tx, profile) => {
      const missing = (await mandatoryOf(tx, profile, deps.now())).filter((i) => !i.satisfied).map(describe);
      if (missing.length > 0) {
        throw new AppError('BAD_REQUEST', {
          message: `${onboardingText('onboarding.submitRefused', { count: missing.length })}. ${missing.map((m) => m.message).join('; ')}`,
          fieldErrors: missing.map((m) => ({ field: m.path, message: m.message })),
          key: 'ONBOARDING_INCOMPLETE',
        });
      }
      const now = deps.now();
      // Sent back and fixed: the same request goes back to the desk that sent it back. A re-KYC
      // that is due is submitted the same way, as the partner's confirmation of its profile.
      const previous = await requestOfProfile(tx, profile.id);
      if (previous && (previous.state === 'SENT_BACK' || previous.state === 'REKYC_DUE')) {
        const action = previous.state === 'SENT_BACK' ? 'RESUBMIT' : 'SUBMIT';
        await moveRequest(tx, previous, { action, actor: auth, remarks: null, now });
        return previous.requestNumber;
      }
      const number = await nextRequestNumber(tx, 'ONBOARDING', profile.companyCode, now);
      await tx.onboardingProfile.update({ where: { id: profile.id }, data: { requestNumber: number, submittedAt: now } });
      const partner = await tx.partner.findUniqueOrThrow({ where: { id: profile.partnerId } });
      await openRequest(tx, {
        flow: 'ONBOARDING',
        requestNumber: number,
        profileId: profile.id,
        partnerId: profile.partnerId,
        companyCode: profile.companyCode,
        title: requestTitleOf(partner.organizationName, partner.partnerNumber),
        actor: auth,
        now,
        firstAction: 'SUBMIT',
      });
      return number;
    },
  );
  const userStatus = await profileStatus(deps.db, auth.partnerId, auth.companyCode, auth.categoryCode);
  const accessToken = await deps.tokens.sign({ sid: auth.sessionId, sub: String(auth.userId), role: auth.role, userStatus });
  return { requestNumber, userStatus, accessToken };
}
