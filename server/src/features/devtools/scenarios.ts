import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DEV_CLIENT_HEADER,
  SCENARIO_NAMES,
  api,
  scenarioDescription,
  type Language,
  type RegisterBody,
  type Scenario,
  type ScenarioName,
  type UserRole,
} from '@pp/contract';
import { hashPassword } from '@pp/db/passwords';
import { seedPartnerBusiness } from '@pp/db/seed';
import { fixtures } from '@pp/fixtures';
import { callOk, type Injector } from './api-client.ts';
import { completeDomesticProfile } from './profile-filler.ts';

/** Every scenario's partner signs in with the demo accounts' password (README's seeded accounts). */
const PASSWORD = fixtures.demoAccounts().password;
const DAY_MS = 86_400_000;
/** The staff the scenarios take the desks' steps as: one ADMIN account of the controls (ADMIN may take any desk's step). */
const CONTROLS_ADMIN = 'devtools.admin';
const SCENARIO_CLIENT = 'scenario';

const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/**
 * The API as the scenario's people call it: in-process, each scenario from a loopback address of
 * its own (the per-client limits are not the developer's), named in the journal as X-Dev-Client
 * 'scenario'.
 */
function clientOf(app: FastifyInstance): Injector {
  const remoteAddress = `127.${1 + (randomBytes(1)[0]! % 250)}.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 250)}`;
  return {
    inject: (opts) => app.inject({ ...opts, remoteAddress, headers: { ...opts.headers, [DEV_CLIENT_HEADER]: SCENARIO_CLIENT } }),
  };
}

async function signIn(client: Injector, username: string, password: string) {
  const answer = await callOk(client, `sign in ${username}`, api.auth.signin, { body: { username, password } });
  return { authorization: `Bearer ${answer.accessToken}` };
}

/** The controls' own staff account, its password made anew each time (nobody signs in as it but the scenarios). */
async function adminSession(app: FastifyInstance, client: Injector) {
  const password = `Dev!${randomBytes(12).toString('base64url')}1a`;
  const passwordHash = await hashPassword(password);
  await app.db.userAccount.upsert({
    where: { username: CONTROLS_ADMIN },
    create: {
      username: CONTROLS_ADMIN,
      displayName: 'Developer controls',
      email: 'devtools.admin@staff.example.com',
      role: 'ADMIN' satisfies UserRole,
      passwordHash,
    },
    update: { passwordHash, status: 'ACTIVE' },
  });
  return signIn(client, CONTROLS_ADMIN, password);
}

/**
 * Registers a partner through POST /api/partner/register, as the form does; the mobile OTP is the
 * one step taken for it (its verification is written as the verify call writes it), and the
 * e-mail is verified as the activation link does.
 */
async function registerPartner(app: FastifyInstance, client: Injector, name: ScenarioName) {
  const id = randomBytes(3).toString('hex');
  const form: RegisterBody = {
    countryCode: 100,
    identityCard: 'PAN',
    nationalId: `${letters(3)}C${letters(1)}${digits(4)}${letters(1)}`,
    coordinationPerson: 'Asha Verma',
    mobileNumber: `9${digits(9)}`,
    email: `scenario.${id}@partner.example.com`,
    organizationName: `Scenario ${name} ${id}`,
    designation: 'Director',
    companyCode: 1,
    primaryBusiness: 'SUP',
    primaryCategory: 'SUP-STL',
    primarySubCategory: 'SUP-STL-TMT',
    username: `scenario_${id}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
  };
  const now = app.now();
  await app.db.otp.create({
    data: {
      id: randomUUID(),
      purpose: 'REGISTRATION',
      target: form.mobileNumber,
      loginName: form.username,
      codeHash: createHash('sha256').update(randomUUID()).digest('hex'),
      expiresAt: new Date(now.getTime() + 10 * 60_000),
      verifiedAt: now,
    },
  });
  const registered = await callOk(client, 'register', api.registration.register, { body: form });
  const user = await app.db.userAccount.update({
    where: { username: registered.username },
    data: { status: 'ACTIVE', emailVerifiedAt: now },
    include: { partner: true },
  });
  return { user, partner: user.partner!, pan: form.nationalId };
}

/** How far through the desks an onboarding request goes (the staff steps after Submit). */
const DESK_STEPS = ['SEGREGATION', 'CATEGORISATION', 'BUYER_REVIEW', 'APPROVAL', 'FINANCE_APPROVAL'] as const;
type Desk = (typeof DESK_STEPS)[number];

interface Made {
  requestNumber: string | null;
  grievanceNumber: string | null;
}

/**
 * Makes a fresh partner in a named state, through the API a partner and the group's staff use:
 * the profile filled and submitted by the partner, each desk's step taken by staff. Answers the
 * scenario's row with its credentials.
 */
export async function makeScenario(app: FastifyInstance, name: ScenarioName, language: Language): Promise<Scenario> {
  const started = performance.now();
  const client = clientOf(app);
  const { user, partner, pan } = await registerPartner(app, client, name);
  const headers = await signIn(client, user.username, PASSWORD);
  const made: Made = { requestNumber: null, grievanceNumber: null };
  const staff = () => adminSession(app, client);

  const submit = async (options: { isoExpiry?: string } = {}) => {
    await completeDomesticProfile(client, headers, { pan, now: app.now(), ...options });
    const submitted = await callOk(client, 'submit', api.onboarding.submit, {
      headers,
      params: { categoryCode: 'SUP', companyCode: 1 },
    });
    made.requestNumber = submitted.requestNumber;
    return submitted.requestNumber;
  };
  const walk = async (requestNumber: string, until: Desk | 'APPROVED') => {
    const admin = await staff();
    for (const state of DESK_STEPS) {
      if (state === until) return admin;
      await callOk(client, `approve at ${state}`, api.workflow.approve, { headers: admin, body: { requestNumber, state } });
    }
    return admin;
  };
  const approved = async (options: { isoExpiry?: string } = {}) => {
    const admin = await walk(await submit(options), 'APPROVED');
    await seedPartnerBusiness(app.db, partner.id, app.now().toISOString().slice(0, 10));
    return admin;
  };
  const grievance = async (steps: ('submit' | 'forward' | 'resolve' | 'reopen' | 'close')[]) => {
    const admin = await approved();
    const draft = await callOk(client, 'grievance draft', api.grievances.saveDraft, {
      headers,
      body: {
        reasonCode: 'PAYMENT_DELAY',
        subject: 'Payment of our invoice is overdue',
        description: 'Our invoice was accepted forty days ago and is still unpaid. Please release the payment.',
      },
    });
    const grievanceNumber = draft.grievanceNumber;
    made.grievanceNumber = grievanceNumber;
    const take = { headers, body: { grievanceNumber, remarks: 'As discussed with the buyer.' } };
    for (const step of steps) {
      if (step === 'submit')
        await callOk(client, 'grievance submit', api.grievances.submit, { headers, body: { grievanceNumber } });
      if (step === 'forward') await callOk(client, 'grievance forward', api.grievances.forward, { ...take, headers: admin });
      if (step === 'resolve') await callOk(client, 'grievance resolve', api.grievances.resolve, { ...take, headers: admin });
      if (step === 'reopen') await callOk(client, 'grievance reopen', api.grievances.reopen, take);
      if (step === 'close') await callOk(client, 'grievance close', api.grievances.close, { headers, body: { grievanceNumber } });
    }
  };

  switch (name) {
    case 'registered':
      break;
    case 'onboardingHalfDone':
      await completeDomesticProfile(client, headers, {
        pan,
        now: app.now(),
        skip: ['bank', 'financial', 'questions', 'static', 'declarations'],
      });
      break;
    case 'atSegregation':
    case 'atCategorisation':
    case 'atBuyerReview':
    case 'atApproval':
    case 'atFinanceApproval': {
      const desk = {
        atSegregation: 'SEGREGATION',
        atCategorisation: 'CATEGORISATION',
        atBuyerReview: 'BUYER_REVIEW',
        atApproval: 'APPROVAL',
        atFinanceApproval: 'FINANCE_APPROVAL',
      }[name] as Desk;
      await walk(await submit(), desk);
      break;
    }
    case 'sentBack':
    case 'rejected': {
      const requestNumber = await submit();
      const admin = await walk(requestNumber, 'BUYER_REVIEW');
      const action = name === 'sentBack' ? api.workflow.sendBack : api.workflow.reject;
      const remarks =
        name === 'sentBack'
          ? 'The cancelled cheque is not legible: please upload a clearer copy and resubmit.'
          : 'The partner does not meet the turnover the category asks for.';
      await callOk(client, name, action, { headers: admin, body: { requestNumber, state: 'BUYER_REVIEW', remarks } });
      break;
    }
    case 'approved':
      await approved();
      break;
    case 'rekycDue': {
      const admin = await approved();
      await callOk(client, 're-KYC', api.workflow.rekycInitiate, {
        headers: admin,
        body: { partnerNumber: partner.partnerNumber, companyCode: 1, categoryCode: 'SUP', remarks: 'Annual re-verification' },
      });
      break;
    }
    case 'documentsExpiring':
      await approved({ isoExpiry: new Date(app.now().getTime() + 20 * DAY_MS).toISOString().slice(0, 10) });
      break;
    case 'grievanceDraft':
      await grievance([]);
      break;
    case 'grievanceSubmitted':
      await grievance(['submit']);
      break;
    case 'grievanceInReview':
      await grievance(['submit', 'forward']);
      break;
    case 'grievanceResolved':
      await grievance(['submit', 'forward', 'resolve']);
      break;
    case 'grievanceReopened':
      await grievance(['submit', 'forward', 'resolve', 'reopen']);
      break;
    case 'grievanceClosed':
      await grievance(['submit', 'close']);
      break;
  }
  const tookMs = Math.round(performance.now() - started);
  const row = await app.db.devScenario.create({
    data: { name, partnerId: partner.id, username: user.username, ...made, tookMs },
    include: { partner: true },
  });
  return scenarioOf(row, language);
}

type ScenarioRow = {
  id: number;
  name: string;
  partnerId: number;
  username: string;
  requestNumber: string | null;
  grievanceNumber: string | null;
  tookMs: number | null;
  createdAt: Date;
  partner: { partnerNumber: string; organizationName: string };
};

const scenarioOf = (row: ScenarioRow, language: Language): Scenario => ({
  id: row.id,
  scenario: row.name as ScenarioName,
  description: scenarioDescription(row.name as ScenarioName, language),
  partnerId: row.partnerId,
  partnerNumber: row.partner.partnerNumber,
  organizationName: row.partner.organizationName,
  username: row.username,
  password: PASSWORD,
  requestNumber: row.requestNumber,
  grievanceNumber: row.grievanceNumber,
  createdAt: row.createdAt.toISOString(),
  tookMs: row.tookMs,
});

export async function listScenarios(app: FastifyInstance, name: ScenarioName | undefined, language: Language) {
  const rows = await app.db.devScenario.findMany({
    where: name ? { name } : {},
    orderBy: { id: 'desc' },
    take: 200,
    include: { partner: true },
  });
  return {
    available: SCENARIO_NAMES.map((n) => ({ name: n, description: scenarioDescription(n, language) })),
    made: rows.map((row) => scenarioOf(row, language)),
  };
}

/** Resets scenarios: their partners go, and with them everything they made (the rows cascade); nothing else is touched. */
export async function resetScenarios(app: FastifyInstance, where: { id?: number; name?: ScenarioName }): Promise<number> {
  const rows = await app.db.devScenario.findMany({ where, select: { partnerId: true } });
  const { count } = await app.db.partner.deleteMany({ where: { id: { in: rows.map((r) => r.partnerId) } } });
  return count;
}
