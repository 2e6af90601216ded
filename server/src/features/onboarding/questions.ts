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
import { filesInfo } from '../../lib/stored-files.ts';
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

/** The questions with the profile's answers. */
export async function questionsWithAnswers(
  db: Db | Tx,
  profile: Profile,
  moduleCode?: OnboardingModuleCode,
  language: Language = 'en',
): Promise<Question[]> {
  const questions = await askedQuestions(db, profile, moduleCode);
  const answers = await db.onboardingAnswer.findMany({
    where: { profileId: profile.id, questionId: { in: questions.map((q) => q.questionId) } },
  });
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const files = await filesInfo(
    db,
    answers.flatMap((a) => a.fileIds),
  );
  return questions.map((q) => {
    const a = byQuestion.get(q.questionId);
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
      answer: a
        ? {
            value: a.value,
            expiryDate: a.expiryDate?.toISOString().slice(0, 10) ?? null,
            files: a.fileIds.map((id) => files.get(id)).filter((f): f is StoredFileInfo => f !== undefined),
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
      for (const a of body.answers) {
        const q = asked.get(a.questionId)!;
        const data = {
          value: q.kind === 'FILE' ? null : a.value,
          fileIds: q.kind === 'FILE' ? (a.fileIds ?? []) : [],
          expiryDate: a.expiryDate ? new Date(`${a.expiryDate}T00:00:00Z`) : null,
        };
        await tx.onboardingAnswer.upsert({
          where: { profileId_questionId: { profileId: profile.id, questionId: a.questionId } },
          create: { profileId: profile.id, questionId: a.questionId, ...data },
          update: data,
        });
      }
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
