import {
  TEXTS,
  type DtValidationItem,
  STATUTORY_IDENTIFIER_KINDS,
  type StatutoryIdentifierKind,
  type OnboardingModuleCode,
  type ReviewPart,
  type ReviewedProfile,
  type StatutoryKind,
  type Language,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound, type AuthContext, type Message } from '@pp/platform';
import { reviewableRequest } from '../../lib/workflow-requests.ts';
import { openProfile, type Profile } from './profile.ts';
import { listModules, questionsWithAnswers } from './questions.ts';
import { checkStatutory } from '../../lib/statutory.ts';
import { profileView } from './summary.ts';

type Deps = { db: Db; now: () => Date; language?: Language };

/** The profile a request is about, for a staff member who may read it. */
async function reviewedProfile(db: Db, auth: AuthContext, requestNumber: string, asAdmin: boolean): Promise<Profile> {
  const request = await reviewableRequest(db, auth, requestNumber, asAdmin);
  const row = request.profileId === null ? null : await db.onboardingProfile.findUnique({ where: { id: request.profileId } });
  // Customer requests have no partner profile to read.
  if (!row) throw NotFound(TEXTS.workflowNotFound);
  return openProfile(db, row.partnerId, row.companyCode, row.categoryCode);
}

const PART_KEYS: Record<Exclude<ReviewPart, 'summary'>, keyof ReviewedProfile> = {
  general: 'general',
  address: 'address',
  statutory: 'statutory',
  vat: 'vat',
  lists: 'lists',
  financial: 'financial',
  questions: 'questions',
  acceptance: 'acceptance',
  'tds-declaration': 'tdsDeclaration',
  files: 'files',
};

/** GET /api/partner-onboard/{part}/request-number/{r}[/isAdmin/true]: the header and the part asked for. */
export async function reviewPart(
  deps: Deps,
  auth: AuthContext,
  input: { part: ReviewPart; requestNumber: string; asAdmin: boolean },
): Promise<ReviewedProfile> {
  const view = await profileView(deps, await reviewedProfile(deps.db, auth, input.requestNumber, input.asAdmin));
  if (input.part === 'summary') return view;
  const key = PART_KEYS[input.part];
  return { profile: view.profile, [key]: view[key] };
}

export async function reviewQuestions(
  db: Db,
  auth: AuthContext,
  input: { moduleCode: OnboardingModuleCode; requestNumber: string },
) {
  return questionsWithAnswers(db, await reviewedProfile(db, auth, input.requestNumber, false), input.moduleCode);
}

/** The modules a reviewer reads for a business category (every category is asked all modules). */
export async function reviewModules(db: Db, categoryCode: string) {
  const category = await db.businessCategory.findFirst({ where: { categoryCode }, select: { categoryCode: true } });
  if (!category) throw NotFound(TEXTS.categoryNotFound(categoryCode));
  return listModules(db);
}

/** The statutory look-up of each kind of number a profile registers; bank accounts have none. */
const LOOKUP_OF: Record<StatutoryIdentifierKind, StatutoryKind | null> = {
  PAN: 'pan',
  GST: 'gst',
  TAN: 'tan',
  VAT: 'vat',
  CIN: 'cin',
  LLPIN: 'llpin',
  UDYAM: 'msme',
  BANK: null,
};

/**
 * POST /api/getDtValidation: every number the profile registers, checked as the statutory
 * look-ups check it, with the other partners that hold the same number (one indexed query).
 */
export async function dtValidation(
  deps: Deps,
  auth: AuthContext,
  input: { requestNumber: string; isAdmin?: boolean },
  say: (message: Message) => string,
): Promise<DtValidationItem[]> {
  const profile = await reviewedProfile(deps.db, auth, input.requestNumber, input.isAdmin ?? false);
  // The contacts' mobiles and e-mails are registered too (forensics compares them), but are no statutory numbers.
  const numbers = await deps.db.partnerIdentifier.findMany({
    where: { profileId: profile.id, kind: { in: [...STATUTORY_IDENTIFIER_KINDS] } },
    orderBy: { id: 'asc' },
  });
  const holders = await deps.db.partnerIdentifier.findMany({
    where: {
      partnerId: { not: profile.partnerId },
      OR: numbers.map((n) => ({ kind: n.kind, value: n.value })),
    },
    distinct: ['kind', 'value', 'partnerId'],
    select: {
      kind: true,
      value: true,
      profile: { select: { partner: { select: { partnerNumber: true, organizationName: true } } } },
    },
  });
  return Promise.all(
    numbers.map(async (n) => {
      const kind = n.kind as StatutoryIdentifierKind;
      const lookup = LOOKUP_OF[kind];
      const check = lookup
        ? await checkStatutory(deps, auth, { kind: lookup, value: n.value, partnersId: profile.partnerId }, say)
        : null;
      return {
        kind,
        value: n.value,
        valid: check?.response.valid ?? true,
        failureMessage: check && !check.response.valid ? check.failureMessage : null,
        duplicates: holders.filter((h) => h.kind === n.kind && h.value === n.value).map((h) => h.profile.partner),
      };
    }),
  );
}
