import { describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from './constants.ts';
import {
  GRIEVANCE_ACTIONS,
  GRIEVANCE_REOPEN_DAYS,
  GRIEVANCE_STATES,
  grievanceActionsFor,
  grievanceAnsweredAfter,
  grievanceDueAfter,
  grievanceDueAt,
  grievanceTransition,
  type GrievanceAction,
  type GrievanceState,
} from './grievance.ts';
import { hasPermission } from './permissions.ts';

const DAY = 86_400_000;

/** Runs actions in turn from a draft, each by its role, failing on the first refusal. */
function walk(steps: [GrievanceAction, UserRole, string?][]) {
  let state: GrievanceState = 'DRAFT';
  const states: GrievanceState[] = [state];
  for (const [action, role, remarks] of steps) {
    const result = grievanceTransition(state, action, role, { remarks: remarks ?? null });
    if (!result.ok) throw new Error(`${action} by ${role} in ${state}: ${result.reason}`);
    state = result.state;
    states.push(state);
  }
  return states;
}

describe('the grievance lifecycle', () => {
  it('goes from draft through submit, a reason change, forward and resolve to closed', () => {
    expect(
      walk([
        ['SUBMIT', 'PARTNER'],
        ['CHANGE_REASON', 'PARTNER', 'It is the payment, not the order'],
        ['FORWARD', 'BUYER', 'To accounts payable'],
        ['RESOLVE', 'APPROVER', 'Paid on 12 November, UTR 123'],
        ['CLOSE', 'PARTNER'],
      ]),
    ).toEqual(['DRAFT', 'SUBMITTED', 'SUBMITTED', 'IN_REVIEW', 'RESOLVED', 'CLOSED']);
  });

  it('reopens a resolved or closed one with a reason, within the window, and staff may resolve it again', () => {
    expect(
      walk([
        ['SUBMIT', 'PARTNER'],
        ['RESOLVE', 'BUYER', 'Done'],
        ['REOPEN', 'PARTNER', 'Only half was paid'],
        ['CHANGE_REASON', 'PARTNER', 'Short payment'],
        ['FORWARD', 'ADMIN', 'Finance'],
        ['RESOLVE', 'ADMIN', 'Balance paid'],
        ['CLOSE', 'PARTNER'],
        ['REOPEN', 'PARTNER', 'Again not received'],
      ]),
    ).toEqual(['DRAFT', 'SUBMITTED', 'RESOLVED', 'REOPENED', 'REOPENED', 'IN_REVIEW', 'RESOLVED', 'CLOSED', 'REOPENED']);
    const now = new Date('2026-11-24T10:00:00Z');
    const inTime = grievanceTransition('RESOLVED', 'REOPEN', 'PARTNER', {
      remarks: 'x',
      now,
      settledAt: new Date(now.getTime() - GRIEVANCE_REOPEN_DAYS * DAY),
    });
    expect(inTime).toEqual({ ok: true, state: 'REOPENED' });
    const late = grievanceTransition('CLOSED', 'REOPEN', 'PARTNER', {
      remarks: 'x',
      now,
      settledAt: new Date(now.getTime() - (GRIEVANCE_REOPEN_DAYS + 1) * DAY),
    });
    expect(late).toEqual({ ok: false, reason: 'REOPEN_WINDOW_PASSED', days: GRIEVANCE_REOPEN_DAYS });
  });

  it('lets the partner withdraw an open grievance at any point before it is settled', () => {
    for (const state of ['SUBMITTED', 'IN_REVIEW', 'REOPENED'] as const)
      expect(grievanceTransition(state, 'CLOSE', 'PARTNER')).toEqual({ ok: true, state: 'CLOSED' });
  });

  it('refuses a step in the wrong state, by the wrong side, or without the remarks it needs', () => {
    expect(grievanceTransition('DRAFT', 'RESOLVE', 'BUYER', { remarks: 'x' })).toEqual({
      ok: false,
      reason: 'NOT_IN_THIS_STATE',
      state: 'DRAFT',
    });
    expect(grievanceTransition('CLOSED', 'CLOSE', 'PARTNER')).toMatchObject({ ok: false, reason: 'NOT_IN_THIS_STATE' });
    expect(grievanceTransition('IN_REVIEW', 'CHANGE_REASON', 'PARTNER', { remarks: 'x' })).toMatchObject({
      reason: 'NOT_IN_THIS_STATE',
    });
    // The partner cannot resolve its own grievance; staff cannot close or reopen it for the partner.
    expect(grievanceTransition('SUBMITTED', 'RESOLVE', 'PARTNER', { remarks: 'x' })).toMatchObject({
      reason: 'NOT_YOURS_TO_TAKE',
    });
    expect(grievanceTransition('RESOLVED', 'CLOSE', 'BUYER')).toMatchObject({ reason: 'NOT_YOURS_TO_TAKE' });
    // Staff without the grievance permission take no step at all.
    expect(grievanceTransition('SUBMITTED', 'FORWARD', 'SEGREGATOR', { remarks: 'x' })).toMatchObject({
      reason: 'NOT_YOURS_TO_TAKE',
    });
    for (const action of ['CHANGE_REASON', 'FORWARD', 'RESOLVE', 'REOPEN'] as const) {
      const state = action === 'REOPEN' ? 'RESOLVED' : 'SUBMITTED';
      const role = action === 'FORWARD' || action === 'RESOLVE' ? 'BUYER' : 'PARTNER';
      expect(grievanceTransition(state, action, role, { remarks: '  ' })).toEqual({ ok: false, reason: 'REMARKS_REQUIRED' });
    }
  });

  it('offers each role exactly the steps the engine would take from it', () => {
    for (const state of GRIEVANCE_STATES)
      for (const role of USER_ROLES)
        for (const action of GRIEVANCE_ACTIONS) {
          const allowed = grievanceTransition(state, action, role, { remarks: 'because' }).ok;
          expect(grievanceActionsFor(state, role).includes(action), `${role} ${action} in ${state}`).toBe(allowed);
        }
    expect(grievanceActionsFor('SUBMITTED', 'PARTNER')).toEqual(['CHANGE_REASON', 'CLOSE']);
    expect(grievanceActionsFor('SUBMITTED', 'BUYER')).toEqual(['FORWARD', 'RESOLVE']);
    expect(USER_ROLES.filter((r) => r !== 'PARTNER' && grievanceActionsFor('SUBMITTED', r).length > 0)).toEqual(
      USER_ROLES.filter((r) => r !== 'PARTNER' && hasPermission(r, 'allowViewGrievanceDashboard')),
    );
  });
});

describe('deadlines', () => {
  const at = new Date('2026-11-01T10:00:00Z');
  const days = (d: Date) => (d.getTime() - at.getTime()) / DAY;

  it('starts at submission and reopening, moves with a reason change, stays otherwise', () => {
    expect(days(grievanceDueAfter('SUBMIT', { reasonCode: 'PORTAL_ISSUE', dueAt: null }, at)!)).toBe(3);
    const due = grievanceDueAt('PAYMENT_DELAY', at);
    expect(days(grievanceDueAfter('CHANGE_REASON', { reasonCode: 'PAYMENT_DELAY', dueAt: due }, at, 'ORDER_DISPUTE')!)).toBe(15);
    expect(grievanceDueAfter('FORWARD', { reasonCode: 'PAYMENT_DELAY', dueAt: due }, at)).toBe(due);
    const reopened = new Date('2026-12-01T10:00:00Z');
    expect(grievanceDueAfter('REOPEN', { reasonCode: 'PAYMENT_DELAY', dueAt: due }, reopened)).toEqual(
      grievanceDueAt('PAYMENT_DELAY', reopened),
    );
  });

  it('is answered when it leaves the open states, and not while open again', () => {
    expect(grievanceAnsweredAfter('IN_REVIEW', 'RESOLVED', null, at)).toBe(at);
    expect(grievanceAnsweredAfter('SUBMITTED', 'CLOSED', null, at)).toBe(at);
    // Accepting a resolution keeps the time the group answered.
    expect(grievanceAnsweredAfter('RESOLVED', 'CLOSED', at, new Date())).toBe(at);
    expect(grievanceAnsweredAfter('RESOLVED', 'REOPENED', at, new Date())).toBeNull();
  });
});
