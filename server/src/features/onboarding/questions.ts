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
import type { Db } from '@pp/db';
import { Invalid, type AuthContext, nameIn } from '@pp/platform';
import { siteUrlOf } from '../../lib/stored-files.ts';
import { SaveChecks } from '../../lib/save-checks.ts';
import { type Tx } from '../../lib/transaction.ts';
import { currentProfile, openProfile, withProfileLock, type Profile } from './profile.ts';

/** The questions a profile is asked: its company's and business's, and the domestic or international ones. */
export async function askedQuestions(db: Db | Tx, profile: Profile, moduleCode?: OnboardingModuleCode) {
  const rows = await db.onboardingQuestion.findMany({
    where: {
      isActive: true,
      ...(moduleCode ? { moduleCode } : {}),
      applies: { in: profile.international ? ['I', 'DI'] : ['D', 'DI'] },
      AND: [
        { OR: [{ companyCode: null }, { companyCode: profile.companyCode }] },
        { OR: [{ categoryCode: null }, { categoryCode: profile.categoryCode }] },
      ],
    },
    orderBy: { questionId: 'asc' },
  });
  return rows;
}

interface QuestionWithAnswerRow {
  questionId: number;
  moduleCode: string;
  kind: string;
  mandatory: boolean;
  isStatic: boolean;
  hasExpiry: boolean;
  options: string[];
  optionsHi: string[];
  text: string;
  textHi: string | null;
  answered: boolean;
  value: string | null;
  expiryDate: Date | null;
  fileIds: string[] | null;
  files: { id: string; fileName: string; fileType: string; fileSize: number }[];
}

/**
 * The questions with the profile's answers and their files' details: one statement (a module's
 * page and every draft save read it; three round trips were a third of their time).
 */
export async function questionsWithAnswers(
  db: Db | Tx,
  profile: Profile,
  moduleCode?: OnboardingModuleCode,
  language: Language = 'en',
): Promise<Question[]> {
  const applies = profile.international ? ['I', 'DI'] : ['D', 'DI'];
  const rows = await db.$queryRaw<QuestionWithAnswerRow[]>`
    SELECT q."questionId", q."moduleCode", q.kind, q.mandatory, q."isStatic", q."hasExpiry", q.options, q."optionsHi",
           q.text, q."textHi", a."profileId" IS NOT NULL AS answered, a.value, a."expiryDate", a."fileIds",
           COALESCE(f.files, '[]'::json) AS files
      FROM "OnboardingQuestion" q
      LEFT JOIN "OnboardingAnswer" a ON a."profileId" = ${profile.id} AND a."questionId" = q."questionId"
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('id', s.id, 'fileName', s."fileName", 'fileType', s."fileType", 'fileSize', s."fileSize")) AS files
          FROM "StoredFile" s
         WHERE cardinality(a."fileIds") > 0 AND s.id = ANY(a."fileIds"::uuid[])
      ) f ON true
     WHERE q."isActive"
       AND (${moduleCode ?? null}::text IS NULL OR q."moduleCode" = ${moduleCode ?? null})
       AND q.applies = ANY(${applies}::text[])
       AND (q."companyCode" IS NULL OR q."companyCode" = ${profile.companyCode})
       AND (q."categoryCode" IS NULL OR q."categoryCode" = ${profile.categoryCode})
     ORDER BY q."questionId"`;
  return rows.map((q) => {
    const files = new Map<string, StoredFileInfo>(
      q.files.map((f) => [
        f.id,
        { uniqueId: f.id, fileName: f.fileName, fileType: f.fileType, fileSize: f.fileSize, siteUrl: siteUrlOf(f.id) },
      ]),
    );
    return {
      questionId: q.questionId,
      moduleCode: q.moduleCode as OnboardingModuleCode,
      text: nameIn(language, q.text, q.textHi),
      kind: q.kind as QuestionKind,
      mandatory: q.mandatory,
      isStatic: q.isStatic,
      hasExpiry: q.hasExpiry,
      options: q.options,
      optionLabels: q.options.map((o, i) => nameIn(language, o, q.optionsHi[i])),
      answer: q.answered
        ? {
            value: q.value,
            expiryDate: q.expiryDate?.toISOString().slice(0, 10) ?? null,
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
 * Saves answers as a draft: only the questions given change; a file answer's files must be the
 * partner's own, one at most for a Static question.
 */
export async function saveAnswers(
  db: Db,
  auth: AuthContext & { partnerId: number },
  body: { companyCode: number; categoryCode: string; answers: AnswerInput[] },
  now: Date,
) {
  return withProfileLock(
    db,
    (tx) => openProfile(tx, auth.partnerId, body.companyCode, body.categoryCode),
    async (tx, profile) => {
      const asked = new Map((await askedQuestions(tx, profile)).map((q) => [q.questionId, q]));
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
      await checks.run(tx, profile.partnerId, now);
      // All the answers in one statement (a draft save names up to 100).
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
      await tx.$executeRaw`
        INSERT INTO "OnboardingAnswer" ("profileId", "questionId", value, "fileIds", "expiryDate", "updatedAt")
        SELECT ${profile.id}, a."questionId", a.value, a."fileIds", a."expiryDate", ${now}
          FROM jsonb_to_recordset(${JSON.stringify(answers)}::jsonb) AS a("questionId" int, value text, "fileIds" text[], "expiryDate" date)
        ON CONFLICT ("profileId", "questionId") DO UPDATE
          SET value = EXCLUDED.value, "fileIds" = EXCLUDED."fileIds", "expiryDate" = EXCLUDED."expiryDate", "updatedAt" = EXCLUDED."updatedAt"`;
      const ids = new Set(body.answers.map((a) => a.questionId));
      return (await questionsWithAnswers(tx, profile)).filter((q) => ids.has(q.questionId));
    },
  );
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
