import {
  TEXTS,
  ONBOARDING_LIST_NAMES,
  type ListRow,
  type OnboardingListName,
  type OnboardingProfile,
  type Language,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, nameIn } from '@pp/platform';
import { acceptanceOf, tdsDeclarationOf } from './declarations.ts';
import { financialOf } from './financial.ts';
import { openProfile, type Profile } from './profile.ts';
import { filesInfo } from '../../lib/stored-files.ts';
import { questionsWithAnswers } from './questions.ts';
import { readSnapshot } from './store.ts';

const FILE_ID = /FileId$|^fileId$/;

/** Every file id a value holds (fields named …FileId, and fileId of statements). */
function fileIdsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => fileIdsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (FILE_ID.test(k) && typeof v === 'string') out.push(v);
      else fileIdsIn(v, out);
    }
  }
  return out;
}

/**
 * The whole profile of a company and business, for the forms and the read-only preview.
 * `partnerCategory` is the business the category belongs to; ours are businesses, so it is the category itself.
 */
export async function generalRetrieval(
  deps: { db: Db; now: () => Date; language?: Language },
  partnerId: number,
  target: { companyCode: number; categoryCode: string; partnerCategory: string },
): Promise<OnboardingProfile> {
  const profile = await openProfile(deps.db, partnerId, target.companyCode, target.categoryCode);
  if (target.partnerCategory !== profile.categoryCode) {
    throw Invalid('partnerCategory', TEXTS.partnerCategoryMismatch(target.partnerCategory));
  }
  return profileView(deps, profile);
}

/** Every part, list, answer and file of a profile, read in two queries and the questions'. */
export async function profileView(
  deps: { db: Db; now: () => Date; language?: Language },
  profile: Profile,
): Promise<OnboardingProfile> {
  const { db } = deps;
  const [snapshot, questions] = await Promise.all([
    readSnapshot(db, profile.id),
    questionsWithAnswers(db, profile, undefined, deps.language),
  ]);
  const [general, address, statutory, vat] = [
    snapshot.part('general'),
    snapshot.part('address'),
    snapshot.part('statutory'),
    snapshot.part('vat'),
  ];
  const financial = financialOf(snapshot, deps.now());
  const [acceptance, tdsDeclaration] = [acceptanceOf(snapshot), tdsDeclarationOf(snapshot)];
  const lists = Object.fromEntries(ONBOARDING_LIST_NAMES.map((name) => [name, snapshot.list(name)] as const)) as {
    [L in OnboardingListName]: ListRow<L>[];
  };
  const ids = fileIdsIn([general, statutory, vat, lists, financial.statements, tdsDeclaration]);
  // Every document of the profile, the questions' certificates too, once each.
  const answerFiles = questions.flatMap((q) => q.answer?.files ?? []);
  const files = [...new Map([...(await filesInfo(db, ids)).values(), ...answerFiles].map((f) => [f.uniqueId, f])).values()];
  return {
    profile: {
      companyCode: profile.companyCode,
      categoryCode: profile.categoryCode,
      categoryName: nameIn(deps.language ?? 'en', profile.categoryName, profile.categoryNameHi),
      organizationName: profile.organizationName,
      partnerNumber: profile.partnerNumber,
      international: profile.international,
      status: profile.status,
      requestNumber: profile.requestNumber,
      submittedAt: profile.submittedAt?.toISOString() ?? null,
    },
    general,
    address,
    statutory,
    vat,
    lists,
    financial,
    questions,
    acceptance,
    tdsDeclaration,
    files,
  };
}
