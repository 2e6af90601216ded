import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';

/**
 * Feedback and evaluation (section 7: /api/questions, /api/drafts, /api/draft, /api/submit,
 * /api/history, /api/histories, /api/feeback/mandatoryquestions/check): once a quarter (of the
 * Indian financial year) a partner rates how the group company of its session worked with it. The
 * answers may be saved as a draft any number of times; submit checks the mandatory questions and
 * closes the quarter's feedback. Bodies are ours: the spec names the calls only.
 */
export const FEEDBACK_KINDS = ['RATING', 'YES_NO', 'TEXT'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_TEXT_MAX = 1000;
export const FEEDBACK_PERIOD_PATTERN = /^FY\d{4}-\d{2} Q[1-4]$/;

/** The quarter of the Indian financial year (April to March) a moment falls in: FY2026-27 Q3. */
export function feedbackPeriodOf(at: Date): string {
  const month = at.getUTCMonth();
  const start = month >= 3 ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  const quarter = Math.floor(((month + 9) % 12) / 3) + 1;
  return `FY${start}-${String((start + 1) % 100).padStart(2, '0')} Q${quarter}`;
}

export const feedbackQuestionSchema = z.object({
  questionId: z.number().int(),
  section: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  mandatory: z.boolean(),
  text: z.string(),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;

/** An answer: a rating 1-5, yes/no, or words; which one fits is the question's kind (checked against it). */
export const feedbackAnswerSchema = z.union([z.number(), z.boolean(), z.string().trim().max(FEEDBACK_TEXT_MAX)]);
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

/** Answers by question id (JSON object keys are strings). */
export const feedbackAnswersSchema = z.record(
  z.string().regex(/^\d{1,6}$/, { error: 'must be a question id' }),
  feedbackAnswerSchema,
);
export type FeedbackAnswers = z.infer<typeof feedbackAnswersSchema>;

export const feedbackAnswersBodySchema = z.object({ answers: feedbackAnswersSchema }).strict();
export type FeedbackAnswersBody = z.output<typeof feedbackAnswersBodySchema>;

export const FEEDBACK_STATUSES = ['DRAFT', 'SUBMITTED'] as const;

export const feedbackSchema = z.object({
  feedbackNumber: z.string(),
  companyCode: z.number().int(),
  period: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  answers: feedbackAnswersSchema,
  /** The average of the ratings given (null when none). */
  averageRating: z.number().nullable(),
  updatedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackItemSchema = feedbackSchema.omit({ answers: true });
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackCheckSchema = z.object({
  complete: z.boolean(),
  /** Mandatory questions still without an answer. */
  missing: z.array(z.number().int()),
});
export type FeedbackCheck = z.infer<typeof feedbackCheckSchema>;

export const feedbackEndpoints = {
  questions: endpoint({
    method: 'GET',
    path: '/api/questions',
    summary: "The feedback and evaluation questions of the session's company, in order, grouped by section",
    tags: ['feedback'],
    access: 'partner',
    response: envelope(z.array(feedbackQuestionSchema)),
  }),
  drafts: endpoint({
    method: 'GET',
    path: '/api/drafts',
    summary: "This quarter's feedback for the session's company as the partner left it (draft or submitted), or null",
    tags: ['feedback'],
    access: 'partner',
    response: envelope(feedbackSchema.nullable()),
  }),
  saveDraft: endpoint({
    method: 'POST',
    path: '/api/draft',
    summary: "Save this quarter's answers as a draft (unanswered questions may stay empty); refused once submitted",
    tags: ['feedback'],
    access: 'partner',
    body: feedbackAnswersBodySchema,
    response: envelope(feedbackSchema),
  }),
  check: endpoint({
    method: 'POST',
    readsOnly: true,
    path: '/api/feeback/mandatoryquestions/check',
    summary: 'Which mandatory questions the given answers leave unanswered (the path is the spec’s, spelling and all)',
    tags: ['feedback'],
    access: 'partner',
    body: feedbackAnswersBodySchema,
    response: envelope(feedbackCheckSchema),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/submit',
    summary:
      "Submit this quarter's feedback: every mandatory question answered (400 naming the first missing one); once per quarter",
    tags: ['feedback'],
    access: 'partner',
    body: feedbackAnswersBodySchema,
    response: envelope(feedbackSchema),
  }),
  histories: endpoint({
    method: 'GET',
    path: '/api/histories',
    summary: "The partner's submitted feedback in the session's company, newest first",
    tags: ['feedback'],
    access: 'partner',
    query: pageQuerySchema.omit({ searchTerm: true }),
    response: envelope(paged(feedbackItemSchema)),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/history',
    summary: 'One submitted feedback of the partner with its answers',
    tags: ['feedback'],
    access: 'partner',
    query: z.object({
      feedbackNumber: z
        .string()
        .trim()
        .regex(/^FB-\d{1,3}-\d{1,9}$/, { error: 'must be a feedback number like FB-1-42' }),
    }),
    response: envelope(feedbackSchema),
  }),
};
