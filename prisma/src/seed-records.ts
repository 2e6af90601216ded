import { feedbackPeriodOf, DOMESTIC_COUNTRY_CODE, grievanceDueAt, grievanceNumberOf, grievanceTitleOf } from '@pp/contract';
import type { Db } from './client.ts';
import { fixtures } from '@pp/fixtures';

/**
 * A demo partner's grievances, once: one the group resolved, one waiting for it, one draft, each
 * with the steps that brought it there (docs/grievances.md).
 */
export async function seedDemoGrievances(db: Db, username: string): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username }, include: { partner: true } });
  const partner = account.partner;
  if (!partner || (await db.grievance.count({ where: { partnerId: partner.id } })) > 0) return;
  const staff = await db.userAccount.findFirst({ where: { role: 'BUYER' } });
  const order = await db.partnerOrder.findFirst({ where: { partnerId: partner.id }, orderBy: { id: 'asc' } });
  const day = 86_400_000;
  const now = Date.now();
  const demo = [
    {
      reasonCode: 'PAYMENT_DELAY',
      subject: 'Payment for a delivered order is late',
      state: 'RESOLVED',
      steps: [
        ['DRAFT', null, 'DRAFT', true, null, 20],
        ['SUBMIT', 'DRAFT', 'SUBMITTED', true, null, 20],
        ['FORWARD', 'SUBMITTED', 'IN_REVIEW', false, 'Passed to accounts payable.', 18],
        ['RESOLVE', 'IN_REVIEW', 'RESOLVED', false, 'Paid on the next payment run; the UTR is in your payment advice.', 12],
      ],
    },
    {
      reasonCode: 'ORDER_DISPUTE',
      subject: 'Quantity on the order differs from the agreed quote',
      state: 'SUBMITTED',
      steps: [
        ['DRAFT', null, 'DRAFT', true, null, 3],
        ['SUBMIT', 'DRAFT', 'SUBMITTED', true, null, 3],
      ],
    },
    {
      reasonCode: 'PORTAL_ISSUE',
      subject: 'Cannot download the payment advice',
      state: 'DRAFT',
      steps: [['DRAFT', null, 'DRAFT', true, null, 1]],
    },
  ] as const;
  for (const g of demo) {
    const [{ next }] = await db.$queryRaw<[{ next: bigint }]>`SELECT nextval('grievance_number_seq') AS next`;
    const companyCode = partner.currentCompanyCode ?? 1;
    const first = new Date(now - g.steps[0][5] * day);
    const grievanceNumber = grievanceNumberOf(companyCode, first, next);
    const submitted = g.steps.find((st) => st[0] === 'SUBMIT');
    const resolved = g.steps.find((st) => st[0] === 'RESOLVE');
    await db.grievance.create({
      data: {
        grievanceNumber,
        partnerId: partner.id,
        companyCode,
        reasonCode: g.reasonCode,
        documentNumber: order?.orderNumber ?? null,
        subject: g.subject,
        description: `${g.subject}. Raised from the demo data so that Grievance Request shows a grievance in this state.`,
        fileIds: [],
        state: g.state,
        title: grievanceTitleOf({ grievanceNumber, subject: g.subject }, partner),
        createdAt: first,
        submittedAt: submitted ? new Date(now - submitted[5] * day) : null,
        settledAt: resolved ? new Date(now - resolved[5] * day) : null,
        dueAt: submitted ? grievanceDueAt(g.reasonCode, new Date(now - submitted[5] * day)) : null,
        answeredAt: resolved ? new Date(now - resolved[5] * day) : null,
        international: partner.countryCode !== DOMESTIC_COUNTRY_CODE,
        steps: {
          create: g.steps.map(([action, fromState, toState, byPartner, remarks, daysAgo]) => ({
            action,
            fromState,
            toState,
            byPartner,
            remarks,
            fileIds: [],
            actorUserId: byPartner ? account.id : (staff?.id ?? account.id),
            createdAt: new Date(now - daysAgo * day),
          })),
        },
      },
    });
  }
}

/**
 * A demo partner's feedback of the two quarters before this one, submitted, once; this quarter is
 * left for the demo to fill in.
 */
export async function seedDemoFeedback(db: Db, username: string, now = new Date()): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username }, include: { partner: true } });
  const partner = account.partner;
  if (!partner || (await db.feedback.count({ where: { partnerId: partner.id } })) > 0) return;
  const questions = fixtures.feedbackQuestions();
  const companyCode = partner.currentCompanyCode ?? 1;
  for (const [back, ratings] of [
    [2, [4, 3, 4, 3, 4, 4]],
    [1, [4, 4, 5, 3, 4, 5]],
  ] as const) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 * back, 15, 10));
    let r = 0;
    const answers = Object.fromEntries(
      questions.flatMap((q): [string, number | boolean | string][] => {
        if (q.kind === 'RATING') return r < ratings.length ? [[String(q.questionId), ratings[r++]!]] : [];
        if (q.kind === 'YES_NO') return [[String(q.questionId), q.questionId % 2 === 1]];
        return back === 1
          ? [[String(q.questionId), 'Share revised drawings with suppliers a week before the site needs the material.']]
          : [];
      }),
    );
    const given = Object.values(answers).filter((a): a is number => typeof a === 'number');
    await db.feedback.create({
      data: {
        partnerId: partner.id,
        companyCode,
        period: feedbackPeriodOf(at),
        status: 'SUBMITTED',
        answers,
        averageRating: Math.round((given.reduce((s, a) => s + a, 0) / given.length) * 100) / 100,
        createdAt: at,
        submittedAt: at,
      },
    });
  }
}

/** Two testimonials from a demo partner's own customers, once. */
export async function seedDemoTestimonials(db: Db, username: string): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username } });
  if (account.partnerId === null || (await db.testimonial.count({ where: { partnerId: account.partnerId } })) > 0) return;
  await db.testimonial.createMany({
    data: [
      {
        partnerId: account.partnerId,
        customerName: 'Konkan Cement Works Ltd',
        givenBy: 'S. Deshpande',
        designation: 'Head of Projects',
        projectName: 'Ratnagiri Grinding Unit',
        givenOn: new Date('2025-08-14T00:00:00Z'),
        text: 'Supplied and erected 1,200 MT of structural steel ahead of schedule, with every lot traceable to its mill certificate and no safety incident on site.',
      },
      {
        partnerId: account.partnerId,
        customerName: 'Malwa Infra Projects Pvt Ltd',
        givenBy: 'R. Jain',
        designation: 'Purchase Manager',
        projectName: 'Indore Bypass Flyovers',
        givenOn: new Date('2026-02-02T00:00:00Z'),
        text: 'Prompt deliveries across three sites through the monsoon; their team resolved a short supply within a day.',
      },
    ],
  });
}
