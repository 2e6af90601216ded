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

/**
 * Days the group gives itself to settle a grievance, per reason: counted from its submission (a
 * reason change recounts from there), and afresh from a reopening. Ours: the spec names no deadline.
 */
export const GRIEVANCE_DUE_DAYS: Record<GrievanceReason, number> = {
  PAYMENT_DELAY: 7,
  PAYMENT_SHORT: 10,
  INVOICE_REJECTED: 7,
  ORDER_DISPUTE: 15,
  QUALITY_DISPUTE: 15,
  DOCUMENT_ISSUE: 10,
  PORTAL_ISSUE: 3,
  OTHER: 15,
};
const DAY_MS = 86_400_000;
export const grievanceDueAt = (reason: GrievanceReason, from: Date): Date =>
  new Date(from.getTime() + GRIEVANCE_DUE_DAYS[reason] * DAY_MS);

/**
 * The deadline after a step: a submission or a reopening starts one; a reason change moves it by the
 * difference of the two reasons' days (the count still starts where it started); other steps keep it.
 */
export function grievanceDueAfter(
  action: GrievanceAction,
  g: { reasonCode: GrievanceReason; dueAt: Date | null },
  now: Date,
  newReason?: GrievanceReason,
): Date | null {
  if (action === 'SUBMIT' || action === 'REOPEN') return grievanceDueAt(g.reasonCode, now);
  if (action === 'CHANGE_REASON' && newReason && g.dueAt)
    return new Date(g.dueAt.getTime() + (GRIEVANCE_DUE_DAYS[newReason] - GRIEVANCE_DUE_DAYS[g.reasonCode]) * DAY_MS);
  return g.dueAt;
}

/** When a grievance was answered after a step: now when it leaves the open states, none when it is open again. */
export function grievanceAnsweredAfter(
  from: GrievanceState,
  to: GrievanceState,
  answeredAt: Date | null,
  now: Date,
): Date | null {
  if (isGrievanceOpen(from) && !isGrievanceOpen(to)) return now;
  return isGrievanceOpen(to) ? null : answeredAt;
}

/** An open grievance whose deadline is this close is due soon (the dashboards warn of it). */
export const GRIEVANCE_DUE_SOON_DAYS = 2;
/** An open grievance due before this (and not yet overdue) is due soon. */
export const grievanceDueSoonUntil = (now: Date) => new Date(now.getTime() + GRIEVANCE_DUE_SOON_DAYS * DAY_MS);
/** The ages (days since submission) the dashboards group open grievances by: up to 7, up to 15, up to 30, over 30. */
export const GRIEVANCE_AGEING_DAYS = [7, 15, 30] as const;

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

/** States in which a grievance waits for the group: these count against a deadline. */
export const GRIEVANCE_OPEN_STATES = ['SUBMITTED', 'IN_REVIEW', 'REOPENED'] as const satisfies readonly GrievanceState[];
const OPEN: readonly GrievanceState[] = GRIEVANCE_OPEN_STATES;
export const isGrievanceOpen = (state: string): boolean => (OPEN as readonly string[]).includes(state);

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
    const days = (options.now.getTime() - options.settledAt.getTime()) / DAY_MS;
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

/** The lifecycle as a Mermaid state diagram, as docs/grievances.md shows it. */
export function grievanceDiagram(): string {
  const lines = ['stateDiagram-v2', '  [*] --> DRAFT'];
  for (const r of GRIEVANCE_RULES)
    for (const from of r.from) lines.push(`  ${from} --> ${r.to ?? from}: ${r.action} (${r.actor.toLowerCase()})`);
  lines.push('  CLOSED --> [*]');
  return lines.join('\n');
}
