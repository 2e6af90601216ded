import type { UserRole } from './constants.ts';
import { hasPermission } from './permissions.ts';

/**
 * A partner's grievance (claim) and its lifecycle (spec section 4: draft, submit, close, reopen,
 * reason change, resolve; forward is a staff step). The spec names the calls; the states are
 * ours, drawn in docs/grievances.md from this table (`grievanceDiagram`, checked by a test). The
 * server moves a grievance only through `grievanceTransition`; the page offers `grievanceActionsFor`.
 */
export const GRIEVANCE_STATES = ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'RESOLVED', 'REOPENED', 'CLOSED'] as const;
export type GrievanceState = (typeof GRIEVANCE_STATES)[number];

export const GRIEVANCE_ACTIONS = ['SUBMIT', 'CHANGE_REASON', 'FORWARD', 'RESOLVE', 'CLOSE', 'REOPEN'] as const;
export type GrievanceAction = (typeof GRIEVANCE_ACTIONS)[number];

/** Why a partner raises a grievance (labels are the web's texts). */
export const GRIEVANCE_REASONS = [
  'PAYMENT_DELAY',
  'PAYMENT_SHORT',
  'INVOICE_REJECTED',
  'ORDER_DISPUTE',
  'QUALITY_DISPUTE',
  'DOCUMENT_ISSUE',
  'PORTAL_ISSUE',
  'OTHER',
] as const;
export type GrievanceReason = (typeof GRIEVANCE_REASONS)[number];

/** A resolved or closed grievance may be reopened within this many days of it. */
export const GRIEVANCE_REOPEN_DAYS = 30;
/** The permission that lets staff work grievances (section 6). */
export const GRIEVANCE_PERMISSION = 'allowViewGrievanceDashboard' as const;

type Actor = 'PARTNER' | 'STAFF';

interface GrievanceRule {
  action: GrievanceAction;
  from: readonly GrievanceState[];
  /** null: the grievance stays where it is (a reason change). */
  to: GrievanceState | null;
  actor: Actor;
  remarks: 'required' | 'optional';
}

const OPEN: readonly GrievanceState[] = ['SUBMITTED', 'IN_REVIEW', 'REOPENED'];

export const GRIEVANCE_RULES: readonly GrievanceRule[] = [
  { action: 'SUBMIT', from: ['DRAFT'], to: 'SUBMITTED', actor: 'PARTNER', remarks: 'optional' },
  // The partner may correct why it complains while nobody has settled it; the record keeps the old reason.
  { action: 'CHANGE_REASON', from: ['SUBMITTED', 'REOPENED'], to: null, actor: 'PARTNER', remarks: 'required' },
  // Staff pass it to the department that can settle it, saying which and why.
  { action: 'FORWARD', from: ['SUBMITTED', 'REOPENED'], to: 'IN_REVIEW', actor: 'STAFF', remarks: 'required' },
  { action: 'RESOLVE', from: OPEN, to: 'RESOLVED', actor: 'STAFF', remarks: 'required' },
  // The partner withdraws an open grievance, or accepts the resolution.
  { action: 'CLOSE', from: [...OPEN, 'RESOLVED'], to: 'CLOSED', actor: 'PARTNER', remarks: 'optional' },
  { action: 'REOPEN', from: ['RESOLVED', 'CLOSED'], to: 'REOPENED', actor: 'PARTNER', remarks: 'required' },
];

const actorOf = (role: UserRole): Actor | null =>
  role === 'PARTNER' ? 'PARTNER' : hasPermission(role, GRIEVANCE_PERMISSION) ? 'STAFF' : null;

export type GrievanceRefusal =
  | { reason: 'NOT_IN_THIS_STATE'; state: GrievanceState }
  | { reason: 'NOT_YOURS_TO_TAKE'; state: GrievanceState }
  | { reason: 'REMARKS_REQUIRED' }
  | { reason: 'REOPEN_WINDOW_PASSED'; days: number };

export type GrievanceResult = { ok: true; state: GrievanceState } | ({ ok: false } & GrievanceRefusal);

/**
 * Where an action takes a grievance, or why this role may not take it now. `settledAt` is when it
 * was last resolved or closed (the reopening window counts from there).
 */
export function grievanceTransition(
  state: GrievanceState,
  action: GrievanceAction,
  role: UserRole,
  options: { remarks?: string | null; settledAt?: Date | null; now?: Date } = {},
): GrievanceResult {
  const rule = GRIEVANCE_RULES.find((r) => r.action === action && r.from.includes(state));
  if (!rule) return { ok: false, reason: 'NOT_IN_THIS_STATE', state };
  if (actorOf(role) !== rule.actor) return { ok: false, reason: 'NOT_YOURS_TO_TAKE', state };
  if (rule.remarks === 'required' && !options.remarks?.trim()) return { ok: false, reason: 'REMARKS_REQUIRED' };
  if (action === 'REOPEN' && options.settledAt && options.now) {
    const days = (options.now.getTime() - options.settledAt.getTime()) / 86_400_000;
    if (days > GRIEVANCE_REOPEN_DAYS) return { ok: false, reason: 'REOPEN_WINDOW_PASSED', days: GRIEVANCE_REOPEN_DAYS };
  }
  return { ok: true, state: rule.to ?? state };
}

/** The actions a role may take on a grievance in a state (the buttons a page offers). */
export function grievanceActionsFor(state: GrievanceState, role: UserRole): GrievanceAction[] {
  const actor = actorOf(role);
  return GRIEVANCE_RULES.filter((r) => r.from.includes(state) && r.actor === actor).map((r) => r.action);
}

/** Whether remarks must be given with an action. */
export const grievanceRemarksRequired = (action: GrievanceAction) =>
  GRIEVANCE_RULES.some((r) => r.action === action && r.remarks === 'required');

/** States in which a grievance waits for the group (the staff's open list). */
export const GRIEVANCE_OPEN_STATES = OPEN;

/** The lifecycle as a Mermaid state diagram, as docs/grievances.md shows it. */
export function grievanceDiagram(): string {
  const lines = ['stateDiagram-v2', '  [*] --> DRAFT'];
  for (const r of GRIEVANCE_RULES)
    for (const from of r.from) lines.push(`  ${from} --> ${r.to ?? from}: ${r.action} (${r.actor.toLowerCase()})`);
  lines.push('  CLOSED --> [*]');
  return lines.join('\n');
}
