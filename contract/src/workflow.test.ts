import { describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from './constants.ts';
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_FLOWS,
  WORKFLOW_RULES,
  WORKFLOW_STATES,
  actionsFor,
  deskOf,
  hasDesk,
  sentBackTo,
  transition,
  userStatusOf,
  type WorkflowAction,
  type WorkflowFlow,
  type WorkflowPosition,
  type WorkflowState,
} from './workflow.ts';

const at = (state: WorkflowState, sentBackFrom: WorkflowState | null = null): WorkflowPosition => ({ state, sentBackFrom });

/** Runs actions in turn from the flow's start, each by its role, failing on the first refusal. */
function walk(flow: WorkflowFlow, steps: [WorkflowAction, UserRole, string?][]) {
  let position = at(WORKFLOW_RULES[flow].start);
  const states: WorkflowState[] = [position.state];
  for (const [action, role, remarks] of steps) {
    const result = transition(flow, position, action, role, remarks ?? null);
    if (!result.ok) throw new Error(`${action} by ${role} in ${position.state}: ${result.reason}`);
    position = { state: result.state, sentBackFrom: result.sentBackFrom };
    states.push(position.state);
  }
  return states;
}

describe('the onboarding flow', () => {
  it('goes from submit through every desk to approved, the partner seeing Edit, View, then Approved', () => {
    const states = walk('ONBOARDING', [
      ['SUBMIT', 'PARTNER'],
      ['SEGREGATE', 'SEGREGATOR'],
      ['CATEGORISE', 'CATEGORIZER'],
      ['FORWARD', 'BUYER'],
      ['APPROVE', 'APPROVER'],
      ['APPROVE', 'FINANCE'],
    ]);
    expect(states).toEqual([
      'DRAFT',
      'SEGREGATION',
      'CATEGORISATION',
      'BUYER_REVIEW',
      'APPROVAL',
      'FINANCE_APPROVAL',
      'APPROVED',
    ]);
    expect(states.map(userStatusOf)).toEqual(['Edit', 'View', 'View', 'View', 'View', 'View', 'Approved']);
  });

  it('sends back with remarks (status Edit), and a resubmission returns to the desk that sent it back', () => {
    const states = walk('ONBOARDING', [
      ['SUBMIT', 'PARTNER'],
      ['SEGREGATE', 'SEGREGATOR'],
      ['CATEGORISE', 'CATEGORIZER'],
      ['FORWARD', 'BUYER'],
      ['SEND_BACK', 'APPROVER', 'The cancelled cheque is not readable'],
      ['RESUBMIT', 'PARTNER'],
    ]);
    expect(states.slice(-3)).toEqual(['APPROVAL', 'SENT_BACK', 'APPROVAL']);
    expect(userStatusOf('SENT_BACK')).toBe('Edit');
  });

  it('refuses a send-back or a rejection without remarks', () => {
    expect(transition('ONBOARDING', at('BUYER_REVIEW'), 'SEND_BACK', 'BUYER', '  ')).toEqual({
      ok: false,
      reason: 'REMARKS_REQUIRED',
    });
    expect(transition('ONBOARDING', at('APPROVAL'), 'REJECT', 'APPROVER')).toEqual({ ok: false, reason: 'REMARKS_REQUIRED' });
    expect(transition('ONBOARDING', at('APPROVAL'), 'REJECT', 'APPROVER', 'Blacklisted by the group')).toMatchObject({
      ok: true,
      state: 'REJECTED',
    });
  });

  it('an approver cannot approve what waits for the buyer, and is told whose desk it is on', () => {
    expect(transition('ONBOARDING', at('BUYER_REVIEW'), 'APPROVE', 'APPROVER')).toEqual({
      ok: false,
      reason: 'NOT_IN_THIS_STATE',
      state: 'BUYER_REVIEW',
      desk: 'BUYER',
    });
    expect(transition('ONBOARDING', at('BUYER_REVIEW'), 'FORWARD', 'APPROVER')).toEqual({
      ok: false,
      reason: 'NOT_YOUR_DESK',
      state: 'BUYER_REVIEW',
      desk: 'BUYER',
    });
  });

  it('lets an admin take any staff step but never a partner one, and nothing leaves a final state', () => {
    expect(actionsFor('ONBOARDING', 'FINANCE_APPROVAL', 'ADMIN')).toEqual(['APPROVE', 'SEND_BACK']);
    expect(actionsFor('ONBOARDING', 'DRAFT', 'ADMIN')).toEqual([]);
    expect(actionsFor('ONBOARDING', 'SENT_BACK', 'PARTNER')).toEqual(['RESUBMIT']);
    for (const role of USER_ROLES) {
      expect(actionsFor('ONBOARDING', 'APPROVED', role)).toEqual([]);
      expect(actionsFor('ONBOARDING', 'REJECTED', role)).toEqual([]);
    }
  });
});

describe('the customer and re-KYC flows', () => {
  it('a customer is registered by a buyer and approved by approver and finance', () => {
    expect(
      walk('CUSTOMER', [
        ['SUBMIT', 'BUYER'],
        ['APPROVE', 'APPROVER'],
        ['SEND_BACK', 'FINANCE', 'Wrong IFSC'],
        ['RESUBMIT', 'BUYER'],
        ['APPROVE', 'FINANCE'],
      ]),
    ).toEqual(['DRAFT', 'APPROVAL', 'FINANCE_APPROVAL', 'SENT_BACK', 'FINANCE_APPROVAL', 'APPROVED']);
    expect(transition('CUSTOMER', at('DRAFT'), 'SUBMIT', 'PARTNER')).toMatchObject({ ok: false, reason: 'NOT_YOUR_DESK' });
  });

  it('a re-KYC starts due for the partner, is checked by the buyer and by finance', () => {
    expect(
      walk('REKYC', [
        ['SUBMIT', 'PARTNER'],
        ['FORWARD', 'BUYER'],
        ['APPROVE', 'FINANCE'],
      ]),
    ).toEqual(['REKYC_DUE', 'BUYER_REVIEW', 'FINANCE_APPROVAL', 'APPROVED']);
    expect(userStatusOf('REKYC_DUE')).toBe('Edit');
  });
});

describe('add new company', () => {
  it('is the company buyer’s to approve, send back (the partner resubmits) or reject', () => {
    expect(
      walk('ADD_COMPANY', [
        ['SUBMIT', 'PARTNER'],
        ['SEND_BACK', 'BUYER', 'Which plant will you supply from?'],
        ['RESUBMIT', 'PARTNER'],
        ['APPROVE', 'BUYER'],
      ]),
    ).toEqual(['DRAFT', 'BUYER_REVIEW', 'SENT_BACK', 'BUYER_REVIEW', 'APPROVED']);
    expect(transition('ADD_COMPANY', at('BUYER_REVIEW'), 'APPROVE', 'APPROVER')).toMatchObject({
      ok: false,
      reason: 'NOT_YOUR_DESK',
    });
  });
});

describe('every state, action and role of every flow', () => {
  const cases = WORKFLOW_FLOWS.flatMap((flow) =>
    WORKFLOW_STATES.flatMap((state) =>
      WORKFLOW_ACTIONS.flatMap((action) => USER_ROLES.map((role) => [flow, state, action, role] as const)),
    ),
  );

  it('is allowed exactly where a rule says so, to the rule’s state, and refused everywhere else with the reason', () => {
    for (const [flow, state, action, role] of cases) {
      const rule = WORKFLOW_RULES[flow].rules.find((r) => r.from === state && r.action === action);
      const result = transition(flow, at(state, 'APPROVAL'), action, role, 'remarks');
      if (rule && rule.roles.includes(role)) {
        expect(result, `${flow} ${state} ${action} ${role}`).toMatchObject({
          ok: true,
          state: rule.to === 'RETURN' ? 'APPROVAL' : rule.to,
        });
      } else {
        expect(result, `${flow} ${state} ${action} ${role}`).toEqual({
          ok: false,
          reason: rule ? 'NOT_YOUR_DESK' : 'NOT_IN_THIS_STATE',
          state,
          desk: deskOf(flow, state),
        });
      }
    }
  });

  it('has one rule per state and action, and every state it names is reachable from the start', () => {
    for (const flow of WORKFLOW_FLOWS) {
      const { start, rules } = WORKFLOW_RULES[flow];
      const keys = rules.map((r) => `${r.from}:${r.action}`);
      expect(new Set(keys).size, flow).toBe(keys.length);
      const reached = new Set<string>([start]);
      for (let grew = true; grew;) {
        grew = false;
        for (const r of rules) {
          const to = r.to === 'RETURN' ? 'SENT_BACK' : r.to;
          if (reached.has(r.from) && !reached.has(to)) grew = reached.add(to) !== null;
        }
      }
      for (const r of rules) expect(reached.has(r.from), `${flow}: ${r.from}`).toBe(true);
      expect(reached.has('APPROVED'), flow).toBe(true);
    }
  });
});

describe('where a request sent back goes', () => {
  it('goes to whoever resubmits it: the partner, or for a customer the buyer who registered it', () => {
    expect(WORKFLOW_FLOWS.map((flow) => [flow, sentBackTo(flow)])).toEqual([
      ['ONBOARDING', 'PARTNER'],
      ['CUSTOMER', 'BUYER'],
      ['REKYC', 'PARTNER'],
      ['ADD_COMPANY', 'PARTNER'],
    ]);
  });
});

describe('desks', () => {
  it('are the workflow roles and the admin: reports, forensics and partners have none', () => {
    expect(USER_ROLES.filter(hasDesk)).toEqual(['BUYER', 'APPROVER', 'FINANCE', 'ADMIN', 'SEGREGATOR', 'CATEGORIZER']);
  });
});
