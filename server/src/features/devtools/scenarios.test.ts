import { describe, expect, it } from 'vitest';
import { SCENARIO_NAMES, api, type Endpoint, type Scenario, type ScenarioName } from '@pp/contract';
import { callApi, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest();

const made = new Map<ScenarioName, Scenario>();
async function make(scenario: ScenarioName) {
  const res = await callApi(app, api.devtools.makeScenario, { body: { scenario } });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  const answer = res.json().response;
  made.set(scenario, answer);
  return answer;
}

/** Calls as the scenario's partner, signed in with the credentials it answered; the body is parsed by the contract's schema. */
async function asPartner(s: Scenario) {
  const { auth } = await signIn(app, s.username, s.password);
  return async <E extends Endpoint>(
    endpoint: E,
    input: { params?: Record<string, string | number>; query?: Record<string, string | number> } = {},
  ) => {
    const res = await callApi(app, endpoint, { headers: auth, ...input });
    expect(res.statusCode, `${endpoint.path}: ${JSON.stringify(res.json())}`).toBe(200);
    return (endpoint.response.parse(res.json()) as { response: unknown }).response;
  };
}

describe('scenarios (/dev/scenarios): a fresh partner in a named state, through the real engine', () => {
  it('lands each onboarding scenario in its state', async () => {
    const expected: Partial<Record<ScenarioName, string | null>> = {
      registered: null,
      onboardingHalfDone: null,
      atSegregation: 'SEGREGATION',
      atCategorisation: 'CATEGORISATION',
      atBuyerReview: 'BUYER_REVIEW',
      atApproval: 'APPROVAL',
      atFinanceApproval: 'FINANCE_APPROVAL',
      sentBack: 'SENT_BACK',
      rejected: 'REJECTED',
      approved: 'APPROVED',
    };
    for (const [name, state] of Object.entries(expected) as [ScenarioName, string | null][]) {
      const s = await make(name);
      expect(s).toMatchObject({ scenario: name, password: expect.any(String), tookMs: expect.any(Number) });
      const get = await asPartner(s);
      const current = (await get(api.workflow.current)) as { state: string; lastRemarks: string | null } | null;
      expect(current?.state ?? null, name).toBe(state);
      if (name === 'sentBack') expect(current!.lastRemarks).toMatch(/cancelled cheque/);
      if (state) expect(s.requestNumber).toMatch(/^ONB-1-/);
    }
    const half = await asPartner(made.get('onboardingHalfDone')!);
    const general = (await half(api.onboarding.generalModule, { params: { categoryCode: 'SUP', companyCode: 1 } })) as {
      general: { ownershipType: string } | null;
    };
    expect(general.general?.ownershipType).toBe('PVT');
    const bank = (await half(api.onboarding.verifyMandatory, { params: { categoryCode: 'SUP', companyCode: 1 } })) as {
      missing: unknown[];
    };
    expect(bank.missing.length).toBeGreaterThan(0);

    const approved = await asPartner(made.get('approved')!);
    const orders = (await approved(api.business.ordersChart)) as { byMonth: { orders: number }[] };
    expect(orders.byMonth.reduce((sum, m) => sum + m.orders, 0)).toBeGreaterThan(0);
  }, 300_000);

  it('lands re-KYC due, expiring documents and each grievance state', async () => {
    const rekyc = await asPartner(await make('rekycDue'));
    const requests = (await rekyc(api.workflow.mine)) as { items: { requestNumber: string; state: string }[] };
    expect(requests.items.map((r) => [r.requestNumber.slice(0, 3), r.state])).toContainEqual(['RKY', 'REKYC_DUE']);

    const expiring = await asPartner(await make('documentsExpiring'));
    const notices = (await expiring(api.notification.list)) as { items: { kind: string }[] };
    expect(notices.items.map((n) => n.kind)).toContain('REMINDER');

    for (const [name, state] of [
      ['grievanceDraft', 'DRAFT'],
      ['grievanceSubmitted', 'SUBMITTED'],
      ['grievanceInReview', 'IN_REVIEW'],
      ['grievanceResolved', 'RESOLVED'],
      ['grievanceReopened', 'REOPENED'],
      ['grievanceClosed', 'CLOSED'],
    ] as const) {
      const s = await make(name);
      const get = await asPartner(s);
      const detail = (await get(api.grievances.detail, { params: { grievanceNumber: s.grievanceNumber! } })) as { state: string };
      expect(detail.state, name).toBe(state);
    }
    expect([...made.keys()].sort()).toEqual([...SCENARIO_NAMES].sort());
    // Each is made in seconds (the note gives the figures: tookMs of each).
    for (const s of made.values()) expect(s.tookMs).toBeLessThan(30_000);
  }, 300_000);

  it('lists them, resets one or one scenario without touching the others, and refuses an unknown name', async () => {
    const listed = (await callApi(app, api.devtools.scenarios)).json().response;
    expect(listed.available.map((a) => a.name)).toEqual(SCENARIO_NAMES);
    expect(listed.made.length).toBe(made.size);
    // In the reader's language, as every answer.
    const hindi = (await callApi(app, api.devtools.scenarios, { headers: { 'accept-language': 'hi' } })).json().response;
    expect(hindi.available.every((a) => /[\u0900-\u097F]/.test(a.description))).toBe(true);
    expect(hindi.made.every((m) => /[\u0900-\u097F]/.test(m.description))).toBe(true);
    const one = made.get('registered')!;
    expect((await callApi(app, api.devtools.resetScenario, { params: { id: one.id } })).json().response).toEqual({ removed: 1 });
    expect(await db.partner.count({ where: { id: one.partnerId } })).toBe(0);
    expect(await db.userAccount.count({ where: { username: one.username } })).toBe(0);
    expect((await callApi(app, api.devtools.resetScenario, { params: { id: one.id } })).statusCode).toBe(404);

    const byName = await callApi(app, api.devtools.resetScenarios, { query: { scenario: 'grievanceClosed' } });
    expect(byName.json().response).toEqual({ removed: 1 });
    const left = (await callApi(app, api.devtools.scenarios)).json().response.made.map((s) => s.scenario);
    expect(left).not.toContain('grievanceClosed');
    expect(left).toContain('approved');
    expect(await db.partner.count({ where: { id: made.get('approved')!.partnerId } })).toBe(1);

    const bad = await callApi(app, api.devtools.makeScenario, { body: { scenario: 'nope' as ScenarioName } });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().failureMessage).toMatch(/^scenario: /);
  });
});
