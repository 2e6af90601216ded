import {
  EXPIRING_STATUTORY_DOCUMENTS,
  REMINDER_DAYS_AHEAD,
  type ExpiringStatutoryDocument,
  type ReminderParams,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { escapeHtml } from '../../lib/html.ts';

const DAY_MS = 24 * 60 * 60_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Due {
  key: string;
  params: ReminderParams;
  name: string;
}

/** Whole days from `now`'s date (UTC) to an ISO date; negative once it has passed. */
export function daysUntil(isoDate: string, now: Date): number {
  return Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/** The English wording kept in `description` for API clients; the page words reminders from `params`. */
function describe(due: Due, expired: boolean): string {
  const { expiryDate } = due.params;
  const name = escapeHtml(due.name);
  return expired
    ? `Your <b>${name}</b> expired on ${expiryDate}. Please upload the renewed document.`
    : `Your <b>${name}</b> expires on ${expiryDate}. Please upload the renewed document.`;
}

const STATUTORY_NAMES: Record<ExpiringStatutoryDocument, string> = {
  shopEstablishment: 'shop and establishment certificate',
  factoryLicence: 'factory licence',
};

/**
 * Makes the partner's reminders for documents that expire within REMINDER_DAYS_AHEAD days, and
 * again once they have expired: the certificates answered to onboarding questions and the
 * statutory documents with an expiry date, on profiles the group holds (submitted). Each document
 * and expiry date makes one reminder of each, whenever this runs (the key is unique per partner);
 * a renewed document (a new date) makes new ones when their turn comes. Runs when the partner's
 * list is read, with the server's now (the virtual clock's too), so the bell and the page never
 * miss one and nothing scans partners nobody looks at.
 */
export async function makeDueReminders(db: Db, partnerId: number, now: Date): Promise<void> {
  const horizon = new Date(now.getTime() + REMINDER_DAYS_AHEAD * DAY_MS).toISOString().slice(0, 10);
  const profiles = await db.onboardingProfile.findMany({
    where: { partnerId, submittedAt: { not: null } },
    select: {
      id: true,
      companyCode: true,
      answers: {
        where: { expiryDate: { lte: new Date(`${horizon}T00:00:00Z`) } },
        select: { questionId: true, expiryDate: true },
      },
      parts: { where: { partName: 'statutory' }, select: { data: true } },
    },
  });
  if (profiles.length === 0) return;
  const questionIds = [...new Set(profiles.flatMap((p) => p.answers.map((a) => a.questionId)))];
  const questions =
    questionIds.length === 0
      ? []
      : await db.onboardingQuestion.findMany({
          where: { questionId: { in: questionIds } },
          select: { questionId: true, text: true },
        });
  const texts = new Map(questions.map((q) => [q.questionId, q.text]));

  const due: Due[] = [];
  for (const profile of profiles) {
    for (const answer of profile.answers) {
      const expiryDate = answer.expiryDate!.toISOString().slice(0, 10);
      const questionText = texts.get(answer.questionId) ?? `#${answer.questionId}`;
      due.push({
        key: `expiry:${profile.id}:q${answer.questionId}:${expiryDate}`,
        params: { expiryDate, questionText, companyCode: profile.companyCode },
        name: questionText,
      });
    }
    const statutory = profile.parts[0]?.data as Record<string, unknown> | undefined;
    for (const [document, field] of Object.entries(EXPIRING_STATUTORY_DOCUMENTS) as [ExpiringStatutoryDocument, string][]) {
      const expiryDate = statutory?.[field];
      if (typeof expiryDate !== 'string' || !ISO_DATE.test(expiryDate) || expiryDate > horizon) continue;
      due.push({
        key: `expiry:${profile.id}:${document}:${expiryDate}`,
        params: { expiryDate, statutoryDocument: document, companyCode: profile.companyCode },
        name: STATUTORY_NAMES[document],
      });
    }
  }
  if (due.length === 0) return;
  const today = now.toISOString().slice(0, 10);
  await db.notification.createMany({
    data: due.map((d) => {
      // Once it has passed, a reminder of its own: the one that it was due may have been read long ago.
      const expired = d.params.expiryDate < today;
      return {
        partnerId,
        kind: 'REMINDER',
        params: d.params,
        dedupeKey: expired ? d.key.replace(/^expiry:/, 'expired:') : d.key,
        description: describe(d, expired),
      };
    }),
    skipDuplicates: true,
  });
}
