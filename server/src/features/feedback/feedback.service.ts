import {
  FEEDBACK_RATING_MAX,
  TEXTS,
  feedbackPeriodOf,
  type Feedback,
  type FeedbackAnswers,
  type FeedbackItem,
  type FeedbackKind,
  type FeedbackQuestion,
  type FeedbackCheck,
  type Paged,
  type PageQuery,
  type Language,
} from '@pp/contract';
import type { Db, Prisma } from '@pp/db';
import { Conflict, Invalid, NotFound, nameIn } from '@pp/platform';
import { keysetPage } from '../../lib/paging.ts';

/** Whose feedback: the partner, on the session's group company (its current one when the session has none). */
export interface Reviewer {
  partnerId: number;
  companyCode: number | null;
}

async function companyOf(db: Db, who: Reviewer): Promise<number> {
  if (who.companyCode !== null) return who.companyCode;
  const partner = await db.partner.findUniqueOrThrow({ where: { id: who.partnerId }, select: { currentCompanyCode: true } });
  return partner.currentCompanyCode ?? 1;
}

export async function questions(db: Db, language: Language = 'en'): Promise<FeedbackQuestion[]> {
  const rows = await db.feedbackQuestion.findMany({ where: { isActive: true }, orderBy: { sortOrder: 'asc' } });
  return rows.map((q) => ({
    questionId: q.questionId,
    section: nameIn(language, q.section, q.sectionHi),
    kind: q.kind as FeedbackKind,
    mandatory: q.mandatory,
    text: nameIn(language, q.text, q.textHi),
  }));
}

const fits: Record<FeedbackKind, (a: unknown) => boolean> = {
  RATING: (a) => typeof a === 'number' && Number.isInteger(a) && a >= 1 && a <= FEEDBACK_RATING_MAX,
  YES_NO: (a) => typeof a === 'boolean',
  TEXT: (a) => typeof a === 'string',
};
const KIND_WORDS: Record<FeedbackKind, string> = {
  RATING: `a whole rating from 1 to ${FEEDBACK_RATING_MAX}`,
  YES_NO: 'yes or no (true or false)',
  TEXT: 'words',
};

/**
 * The answers checked against the questions: each to a question asked, of its kind; empty words
 * count as no answer and are dropped.
 */
function checked(all: FeedbackQuestion[], answers: FeedbackAnswers): FeedbackAnswers {
  const byId = new Map(all.map((q) => [String(q.questionId), q]));
  const kept: FeedbackAnswers = {};
  for (const [id, answer] of Object.entries(answers)) {
    const q = byId.get(id);
    if (!q) throw Invalid(`answers.${id}`, 'is not a question of this feedback');
    if (!fits[q.kind](answer)) throw Invalid(`answers.${id}`, `must be ${KIND_WORDS[q.kind]}`);
    if (answer !== '') kept[id] = answer;
  }
  return kept;
}

function missingOf(all: FeedbackQuestion[], answers: FeedbackAnswers): FeedbackQuestion[] {
  return all.filter((q) => q.mandatory && answers[String(q.questionId)] === undefined);
}

function averageOf(all: FeedbackQuestion[], answers: FeedbackAnswers): number | null {
  const ratings = all
    .filter((q) => q.kind === 'RATING')
    .flatMap((q) => {
      const a = answers[String(q.questionId)];
      return typeof a === 'number' ? [a] : [];
    });
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 100) / 100;
}

type Row = Prisma.FeedbackGetPayload<object>;
const numberOf = (row: { companyCode: number; id: number }) => `FB-${row.companyCode}-${row.id}`;

function toItem(row: Row): FeedbackItem {
  return {
    feedbackNumber: numberOf(row),
    companyCode: row.companyCode,
    period: row.period,
    status: row.status as Feedback['status'],
    averageRating: row.averageRating,
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}
const toFeedback = (row: Row): Feedback => ({ ...toItem(row), answers: row.answers as FeedbackAnswers });

export async function currentFeedback(db: Db, who: Reviewer, now: Date): Promise<Feedback | null> {
  const companyCode = await companyOf(db, who);
  const row = await db.feedback.findUnique({
    where: { partnerId_companyCode_period: { partnerId: who.partnerId, companyCode, period: feedbackPeriodOf(now) } },
  });
  return row && toFeedback(row);
}

export async function checkMandatory(db: Db, answers: FeedbackAnswers): Promise<FeedbackCheck> {
  const all = await questions(db);
  const missing = missingOf(all, checked(all, answers)).map((q) => q.questionId);
  return { complete: missing.length === 0, missing };
}

/**
 * Writes this quarter's answers: the row is made once (two first saves at once make one), then
 * changed only while it is a draft, so a submitted feedback is never rewritten.
 */
async function write(db: Db, who: Reviewer, answers: FeedbackAnswers, submit: boolean, now: Date): Promise<Feedback> {
  const all = await questions(db);
  const kept = checked(all, answers);
  if (submit) {
    const missing = missingOf(all, kept)[0];
    if (missing) throw Invalid(`answers.${missing.questionId}`, TEXTS.feedbackMandatory(missing.text));
  }
  const companyCode = await companyOf(db, who);
  const period = feedbackPeriodOf(now);
  const key = { partnerId: who.partnerId, companyCode, period };
  await db.feedback.createMany({ data: [{ ...key, status: 'DRAFT', answers: {} }], skipDuplicates: true });
  const { count } = await db.feedback.updateMany({
    where: { ...key, status: 'DRAFT' },
    data: {
      answers: kept,
      averageRating: averageOf(all, kept),
      ...(submit ? { status: 'SUBMITTED', submittedAt: now } : {}),
    },
  });
  if (count === 0) throw Conflict(TEXTS.feedbackAlreadySubmitted(period));
  return toFeedback(await db.feedback.findUniqueOrThrow({ where: { partnerId_companyCode_period: key } }));
}

export const saveDraft = (db: Db, who: Reviewer, answers: FeedbackAnswers, now: Date) => write(db, who, answers, false, now);
export const submit = (db: Db, who: Reviewer, answers: FeedbackAnswers, now: Date) => write(db, who, answers, true, now);

export async function histories(db: Db, who: Reviewer, page: Omit<PageQuery, 'searchTerm'>): Promise<Paged<FeedbackItem>> {
  const where = { partnerId: who.partnerId, companyCode: await companyOf(db, who), status: 'SUBMITTED' };
  const result = await keysetPage<Row, number>(page, {
    total: () => db.feedback.count({ where }),
    rows: ({ after, skip, take }) =>
      db.feedback.findMany({
        where: after === null ? where : { ...where, id: { lt: after } },
        orderBy: { id: 'desc' },
        skip,
        take,
      }),
    keyOf: (row) => row.id,
  });
  return { ...result, items: result.items.map(toItem) };
}

export async function history(db: Db, who: Reviewer, feedbackNumber: string): Promise<Feedback> {
  const [, company, id] = feedbackNumber.split('-');
  const row = await db.feedback.findFirst({
    where: { id: Number(id), companyCode: Number(company), partnerId: who.partnerId, status: 'SUBMITTED' },
  });
  if (!row) throw NotFound(TEXTS.feedbackNotFound);
  return toFeedback(row);
}
