import {
  TEXTS,
  YES_NO,
  type AnswerInput,
  type OnboardingModuleCode,
  type Question,
  type QuestionKind,
  type StoredFileInfo,
  type Text,
  type Language,
} from '@pp/contract';
import { prepared, runPrepared, type Db } from '@pp/db';
import { Invalid, NotFound, type AuthContext, nameIn } from '@pp/platform';
import { siteUrlOf } from '../../lib/stored-files.ts';
import { SaveChecks } from '../../lib/save-checks.ts';
import { type Tx } from '../../lib/transaction.ts';
import { assertEditable, currentProfile, openProfile, withProfileLock, type Profile } from './profile.ts';

/**
 * Which questions a profile is asked: its company's and business's, the domestic or international
 * ones ($1 module or NULL, $2 applies, $3 company, $4 business), with what `joins` brings.
 */
const askedFrom = (joins = '') => `
  FROM "OnboardingQuestion" q ${joins}
 WHERE q."isActive"
   AND ($1::text IS NULL OR q."moduleCode" = $1)
   AND q.applies = ANY($2::text[])
   AND (q."companyCode" IS NULL OR q."companyCode" = $3)
   AND (q."categoryCode" IS NULL OR q."categoryCode" = $4)`;
const askedOf = (profile: Profile, moduleCode: OnboardingModuleCode | undefined) => [
  moduleCode ?? null,
  profile.international ? ['I', 'DI'] : ['D', 'DI'],
  profile.companyCode,
  profile.categoryCode,
];

interface AskedQuestion {
  questionId: number;
  moduleCode: OnboardingModuleCode;
  kind: QuestionKind;
  mandatory: boolean;
  isStatic: boolean;
  options: string[];
  text: string;
}
const ASKED_QUESTIONS = prepared<AskedQuestion[]>(`
  SELECT COALESCE(json_agg(json_build_object(
           'questionId', q."questionId", 'moduleCode', q."moduleCode", 'kind', q.kind, 'mandatory', q.mandatory,
           'isStatic', q."isStatic", 'options', q.options, 'text', q.text) ORDER BY q."questionId"), '[]'::json) AS answer
  ${askedFrom()}`);

/** The questions a profile is asked, in order. */
export function askedQuestions(db: Db | Tx, profile: Profile, moduleCode?: OnboardingModuleCode): Promise<AskedQuestion[]> {
  return runPrepared(db, ASKED_QUESTIONS, askedOf(profile, moduleCode));
}

interface QuestionWithAnswer {
  questionId: number;
  moduleCode: OnboardingModuleCode;
  kind: QuestionKind;
  mandatory: boolean;
  isStatic: boolean;
  hasExpiry: boolean;
  options: string[];
  optionsHi: string[];
  text: string;
  textHi: string | null;
  answered: boolean;
  value: string | null;
  expiryDate: string | null;
  fileIds: string[] | null;
  files: { id: string; fileName: string; fileType: string; fileSize: number }[];
}

/**
 * The questions with the profile's answers and their files' details: one statement (a module's
 * page and every draft save read it; three round trips were a third of their time).
 */
const QUESTIONS_WITH_ANSWERS = prepared<QuestionWithAnswer[]>(`
  SELECT COALESCE(json_agg(json_build_object(
           'questionId', q."questionId", 'moduleCode', q."moduleCode", 'kind', q.kind, 'mandatory', q.mandatory,
           'isStatic', q."isStatic", 'hasExpiry', q."hasExpiry", 'options', q.options, 'optionsHi', q."optionsHi",
           'text', q.text, 'textHi', q."textHi", 'answered', a."profileId" IS NOT NULL, 'value', a.value,
           'expiryDate', a."expiryDate", 'fileIds', a."fileIds", 'files', COALESCE(f.files, '[]'::json)
         ) ORDER BY q."questionId"), '[]'::json) AS answer
  ${askedFrom(`
  LEFT JOIN "OnboardingAnswer" a ON a."profileId" = $5 AND a."questionId" = q."questionId"
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', s.id, 'fileName', s."fileName", 'fileType', s."fileType", 'fileSize', s."fileSize")) AS files
      FROM "StoredFile" s
     WHERE cardinality(a."fileIds") > 0 AND s.id = ANY(a."fileIds"::uuid[])
  ) f ON true`)}`);

export async function questionsWithAnswers(
  db: Db | Tx,
  profile: Profile,
  moduleCode?: OnboardingModuleCode,
  language: Language = 'en',
): Promise<Question[]> {
  const rows = await runPrepared(db, QUESTIONS_WITH_ANSWERS, [...askedOf(profile, moduleCode), profile.id]);
  return rows.map((q) => {
    const files = new Map<string, StoredFileInfo>(
      q.files.map((f) => [
        f.id,
        { uniqueId: f.id, fileName: f.fileName, fileType: f.fileType, fileSize: f.fileSize, siteUrl: siteUrlOf(f.id) },
      ]),
    );
    return {
      questionId: q.questionId,
      moduleCode: q.moduleCode,
      text: nameIn(language, q.text, q.textHi),
      kind: q.kind,
      mandatory: q.mandatory,
      isStatic: q.isStatic,
      hasExpiry: q.hasExpiry,
      options: q.options,
      optionLabels: q.options.map((o, i) => nameIn(language, o, q.optionsHi[i])),
      answer: q.answered
        ? {
            value: q.value,
            expiryDate: q.expiryDate,
            files: (q.fileIds ?? []).map((id) => files.get(id.toLowerCase())).filter((f): f is StoredFileInfo => f !== undefined),
          }
        : null,
    };
  });
}

export async function moduleQuestions(
  db: Db,
  partnerId: number,
  params: { moduleCode: OnboardingModuleCode; companyCode: number; categoryCode: string; isInternational: boolean },
  language: Language = 'en',
) {
  const profile = await openProfile(db, partnerId, params.companyCode, params.categoryCode);
  assertInternational(profile, params.isInternational);
  return questionsWithAnswers(db, profile, params.moduleCode, language);
}

export function assertInternational(profile: Profile, isInternational: boolean) {
  if (profile.international !== isInternational) throw Invalid('isInternational', TEXTS.internationalMismatch);
}

/** A value must suit its question's kind. */
function valueProblem(kind: string, options: readonly string[], value: string): Text | null {
  switch (kind) {
    case 'YESNO':
      return (YES_NO as readonly string[]).includes(value) ? null : TEXTS.answerYesNo;
    case 'NUMBER':
      return /^\d{1,12}(\.\d{1,2})?$/.test(value) ? null : TEXTS.answerNumber;
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : TEXTS.answerDate;
    case 'CHOICE':
      return options.includes(value) ? null : TEXTS.answerNeedsChoice(options);
    default:
      return null;
  }
}

/**
 * A draft's answers written in one statement, under the profile's row lock and only while the
 * profile is editable ($1 profile, $2 the answers as JSON, $3 now): answers the status it found.
 */
const WRITE_ANSWERS = prepared<{ status: Profile['status'] | null }>(`
  WITH locked AS (SELECT status FROM "OnboardingProfile" WHERE id = $1 FOR UPDATE),
  written AS (
    INSERT INTO "OnboardingAnswer" ("profileId", "questionId", value, "fileIds", "expiryDate", "updatedAt")
    SELECT $1, a."questionId", a.value, a."fileIds", a."expiryDate", $3::timestamp(3)
      FROM jsonb_to_recordset($2::jsonb) AS a("questionId" int, value text, "fileIds" text[], "expiryDate" date)
     WHERE (SELECT status FROM locked) = 'Edit'
    ON CONFLICT ("profileId", "questionId") DO UPDATE
      SET value = EXCLUDED.value, "fileIds" = EXCLUDED."fileIds", "expiryDate" = EXCLUDED."expiryDate", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  SELECT json_build_object('status', (SELECT status FROM locked), 'written', (SELECT count(*) FROM written)) AS answer`);

/**
 * Saves answers as a draft: only the questions given change; a file answer's files must be the
 * partner's own, one at most for a Static question. Checked against what the profile asks, then
 * written in one statement that holds the profile's lock (a submit in between leaves nothing
 * written and answers 409): four round trips, no interactive transaction.
 */
export async function saveAnswers(
  db: Db,
  auth: AuthContext & { partnerId: number },
  body: { companyCode: number; categoryCode: string; answers: AnswerInput[] },
  now: Date,
) {
  const profile = await openProfile(db, auth.partnerId, body.companyCode, body.categoryCode);
  assertEditable(profile);
  const asked = new Map((await askedQuestions(db, profile)).map((q) => [q.questionId, q]));
  const checks = new SaveChecks();
  const p = checks.problems;
  body.answers.forEach((a, i) => {
    const q = asked.get(a.questionId);
    if (!q) return p.add(`answers.${i}.questionId`, TEXTS.noSuchQuestion(a.questionId));
    if (q.kind === 'FILE') {
      if (q.isStatic && (a.fileIds?.length ?? 0) > 1) p.add(`answers.${i}.fileIds`, TEXTS.onlyOneFile);
      a.fileIds?.forEach((id, j) => checks.file(`answers.${i}.fileIds.${j}`, id));
    } else {
      if (a.fileIds && a.fileIds.length > 0) p.add(`answers.${i}.fileIds`, TEXTS.answerNotAFile);
      const problem = a.value === null ? null : valueProblem(q.kind, q.options, a.value);
      if (problem) p.add(`answers.${i}.value`, problem);
    }
  });
  await checks.run(db, profile.partnerId, now);
  // A question named twice keeps its last answer, as saving them one after another would.
  const latest = [...new Map(body.answers.map((a) => [a.questionId, a])).values()];
  const answers = latest.map((a) => {
    const file = asked.get(a.questionId)!.kind === 'FILE';
    return {
      questionId: a.questionId,
      value: file ? null : a.value,
      fileIds: file ? (a.fileIds ?? []) : [],
      expiryDate: a.expiryDate ?? null,
    };
  });
  const { status } = await runPrepared(db, WRITE_ANSWERS, [profile.id, JSON.stringify(answers), now.toISOString()]);
  if (status === null) throw NotFound(TEXTS.categoryNotRegistered(profile.categoryCode, profile.companyCode));
  assertEditable({ ...profile, status });
  const ids = new Set(body.answers.map((a) => a.questionId));
  return (await questionsWithAnswers(db, profile)).filter((q) => ids.has(q.questionId));
}

/** Removes one file from a file answer of the session's current profile. */
export async function deleteFileAnswer(
  db: Db,
  auth: AuthContext & { partnerId: number },
  body: { questionId: number; fileId: string },
) {
  return withProfileLock(
    db,
    (tx) => currentProfile(tx, auth),
    async (tx, profile) => {
      const answer = await tx.onboardingAnswer.findUnique({
        where: { profileId_questionId: { profileId: profile.id, questionId: body.questionId } },
      });
      if (!answer?.fileIds.includes(body.fileId)) throw Invalid('fileId', TEXTS.fileNotFound);
      await tx.onboardingAnswer.update({
        where: { profileId_questionId: { profileId: profile.id, questionId: body.questionId } },
        data: { fileIds: answer.fileIds.filter((id) => id !== body.fileId) },
      });
      const question = (await questionsWithAnswers(tx, profile)).find((q) => q.questionId === body.questionId);
      if (!question) throw Invalid('questionId', TEXTS.noSuchQuestion(body.questionId));
      return question;
    },
  );
}

/** The onboarding modules, in order. */
export async function listModules(db: Db) {
  return (await db.onboardingModule.findMany({ orderBy: { sortOrder: 'asc' } })).map((m) => ({
    moduleCode: m.moduleCode as OnboardingModuleCode,
    moduleName: m.moduleName,
    sortOrder: m.sortOrder,
  }));
}
