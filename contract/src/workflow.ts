import type { OnboardUserStatus, UserRole } from './constants.ts';

/**
 * The approval workflow after Submit (spec section 4 names the actions, not the states; issue 10
 * designs them). One engine, four flows: a partner's onboarding, a customer of the group, a
 * partner's periodic re-verification (re-KYC), and a partner's request to work with another group
 * company (Add New Company). The server moves requests only through
 * `transition`; the web offers only `actionsFor`; docs/workflow.md is drawn from the same table
 * (`workflowDiagram`, checked by a test).
 */
export const WORKFLOW_FLOWS = ['ONBOARDING', 'CUSTOMER', 'REKYC', 'ADD_COMPANY'] as const;
export type WorkflowFlow = (typeof WORKFLOW_FLOWS)[number];
/** The first part of each flow's request numbers. */
export const REQUEST_PREFIX: Record<WorkflowFlow, string> = {
  ONBOARDING: 'ONB',
  CUSTOMER: 'CUS',
  REKYC: 'RKY',
  ADD_COMPANY: 'ACR',
};

export const WORKFLOW_STATES = [
  'DRAFT',
  'REKYC_DUE',
  'SEGREGATION',
  'CATEGORISATION',
  'BUYER_REVIEW',
  'APPROVAL',
  'FINANCE_APPROVAL',
  'SENT_BACK',
  'APPROVED',
  'REJECTED',
] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

export const WORKFLOW_ACTIONS = [
  'SUBMIT',
  'SEGREGATE',
  'CATEGORISE',
  'FORWARD',
  'APPROVE',
  'SEND_BACK',
  'RESUBMIT',
  'REJECT',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** A request's number: its flow's prefix, the company, the year, and a sequence number (REQUEST_NUMBER_PATTERN). */
export const requestNumberOf = (flow: WorkflowFlow, companyCode: number, at: Date, sequence: bigint | number): string =>
  `${REQUEST_PREFIX[flow]}-${companyCode}-${at.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;

/** What the workbench searches a request by: who it is about, by name and number (trigram index). */
export const requestTitleOf = (name: string, number: string) => `${name} ${number}`;

/** A resubmitted request goes back to the desk that sent it back. */
const RETURN = 'RETURN' as const;

interface TransitionRule {
  action: WorkflowAction;
  from: WorkflowState;
  to: WorkflowState | typeof RETURN;
  /** Who may take it. ADMIN may take any staff step (the group's super-user); never a partner's. */
  roles: readonly UserRole[];
  remarks: 'required' | 'optional';
}

/** The desk (workflow role) each waiting state of a partner's flow belongs to. */
const DESKS: Partial<Record<WorkflowState, UserRole>> = {
  DRAFT: 'PARTNER',
  REKYC_DUE: 'PARTNER',
  SENT_BACK: 'PARTNER',
  SEGREGATION: 'SEGREGATOR',
  CATEGORISATION: 'CATEGORIZER',
  BUYER_REVIEW: 'BUYER',
  APPROVAL: 'APPROVER',
  FINANCE_APPROVAL: 'FINANCE',
};

const staff = (...roles: UserRole[]): readonly UserRole[] => [...roles, 'ADMIN'];
const step = (
  action: WorkflowAction,
  from: WorkflowState,
  to: WorkflowState | typeof RETURN,
  remarks: TransitionRule['remarks'] = 'optional',
): TransitionRule => {
  const desk = DESKS[from]!;
  return { action, from, to, roles: desk === 'PARTNER' ? ['PARTNER'] : staff(desk), remarks };
};
/** Sending back and rejecting need a reason the partner (or the record) can read. */
const sendBack = (from: WorkflowState) => step('SEND_BACK', from, 'SENT_BACK', 'required');
const reject = (from: WorkflowState) => step('REJECT', from, 'REJECTED', 'required');

export const WORKFLOW_RULES: Record<WorkflowFlow, { start: WorkflowState; rules: readonly TransitionRule[] }> = {
  // A supplier's profile: sorted into the right desks, reviewed by the buyer, approved, and its bank
  // details approved by finance before the first payment can reach them.
  ONBOARDING: {
    start: 'DRAFT',
    rules: [
      step('SUBMIT', 'DRAFT', 'SEGREGATION'),
      step('SEGREGATE', 'SEGREGATION', 'CATEGORISATION'),
      step('CATEGORISE', 'CATEGORISATION', 'BUYER_REVIEW'),
      step('FORWARD', 'BUYER_REVIEW', 'APPROVAL'),
      step('APPROVE', 'APPROVAL', 'FINANCE_APPROVAL'),
      step('APPROVE', 'FINANCE_APPROVAL', 'APPROVED'),
      ...(['SEGREGATION', 'CATEGORISATION', 'BUYER_REVIEW', 'APPROVAL', 'FINANCE_APPROVAL'] as const).map(sendBack),
      step('RESUBMIT', 'SENT_BACK', RETURN),
      reject('BUYER_REVIEW'),
      reject('APPROVAL'),
    ],
  },
  // A customer of the group, registered by a buyer: approved, then its bank details by finance.
  CUSTOMER: {
    start: 'DRAFT',
    rules: [
      { action: 'SUBMIT', from: 'DRAFT', to: 'APPROVAL', roles: staff('BUYER'), remarks: 'optional' },
      step('APPROVE', 'APPROVAL', 'FINANCE_APPROVAL'),
      step('APPROVE', 'FINANCE_APPROVAL', 'APPROVED'),
      sendBack('APPROVAL'),
      sendBack('FINANCE_APPROVAL'),
      { action: 'RESUBMIT', from: 'SENT_BACK', to: RETURN, roles: staff('BUYER'), remarks: 'optional' },
      reject('APPROVAL'),
    ],
  },
  // Periodic re-verification of an approved partner: the partner confirms or updates its profile,
  // the buyer checks it, finance re-checks the bank details.
  REKYC: {
    start: 'REKYC_DUE',
    rules: [
      step('SUBMIT', 'REKYC_DUE', 'BUYER_REVIEW'),
      step('FORWARD', 'BUYER_REVIEW', 'FINANCE_APPROVAL'),
      step('APPROVE', 'FINANCE_APPROVAL', 'APPROVED'),
      sendBack('BUYER_REVIEW'),
      sendBack('FINANCE_APPROVAL'),
      step('RESUBMIT', 'SENT_BACK', RETURN),
      reject('BUYER_REVIEW'),
    ],
  },
  // A partner asks to work with another group company in one of its businesses: that company's
  // buyer approves (the partner may then switch to it and onboard there), sends back or rejects.
  ADD_COMPANY: {
    start: 'DRAFT',
    rules: [
      step('SUBMIT', 'DRAFT', 'BUYER_REVIEW'),
      step('APPROVE', 'BUYER_REVIEW', 'APPROVED'),
      sendBack('BUYER_REVIEW'),
      step('RESUBMIT', 'SENT_BACK', RETURN),
      reject('BUYER_REVIEW'),
    ],
  },
};

/** A request as the engine sees it: where it is, and where it was sent back from. */
export interface WorkflowPosition {
  state: WorkflowState;
  sentBackFrom: WorkflowState | null;
}

export type TransitionRefusal =
  | { reason: 'NOT_IN_THIS_STATE'; state: WorkflowState; desk: UserRole | null }
  | { reason: 'NOT_YOUR_DESK'; state: WorkflowState; desk: UserRole | null }
  | { reason: 'REMARKS_REQUIRED' };

export type TransitionResult = ({ ok: true } & WorkflowPosition) | ({ ok: false } & TransitionRefusal);

/** Where an action takes a request, or why it may not be taken by this role now. */
export function transition(
  flow: WorkflowFlow,
  at: WorkflowPosition,
  action: WorkflowAction,
  role: UserRole,
  remarks: string | null = null,
): TransitionResult {
  const desk = deskOf(flow, at.state);
  const rule = WORKFLOW_RULES[flow].rules.find((r) => r.action === action && r.from === at.state);
  if (!rule) return { ok: false, reason: 'NOT_IN_THIS_STATE', state: at.state, desk };
  if (!rule.roles.includes(role)) return { ok: false, reason: 'NOT_YOUR_DESK', state: at.state, desk };
  if (rule.remarks === 'required' && !remarks?.trim()) return { ok: false, reason: 'REMARKS_REQUIRED' };
  if (rule.to === RETURN) {
    // A request sent back returns to its desk; one with no record of it starts the review again.
    const first = WORKFLOW_RULES[flow].rules.find((r) => r.from === WORKFLOW_RULES[flow].start)!.to as WorkflowState;
    return { ok: true, state: at.sentBackFrom ?? first, sentBackFrom: null };
  }
  return { ok: true, state: rule.to, sentBackFrom: rule.to === 'SENT_BACK' ? at.state : null };
}

/** Who a request waits for in a state (the workbench it is listed on); null when final. */
export function deskOf(flow: WorkflowFlow, state: WorkflowState): UserRole | null {
  return WORKFLOW_RULES[flow].rules.find((r) => r.from === state)?.roles.find((r) => r !== 'ADMIN') ?? null;
}

/** The actions a role may take on a request where it is now (the buttons a page offers). */
export function actionsFor(flow: WorkflowFlow, state: WorkflowState, role: UserRole): WorkflowAction[] {
  return WORKFLOW_RULES[flow].rules.filter((r) => r.from === state && r.roles.includes(role)).map((r) => r.action);
}

/** The actions that move a request on (the verb "approve" of section 7 takes whichever one its state has). */
const FORWARD_ACTIONS: readonly WorkflowAction[] = ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'FORWARD', 'APPROVE'];

/** What "approve" means where a request is: segregate, categorise, forward or approve. */
export function forwardActionOf(flow: WorkflowFlow, state: WorkflowState): WorkflowAction {
  return WORKFLOW_RULES[flow].rules.find((r) => r.from === state && FORWARD_ACTIONS.includes(r.action))?.action ?? 'APPROVE';
}

/** Whether remarks must be given with an action here. */
export function remarksRequired(flow: WorkflowFlow, state: WorkflowState, action: WorkflowAction): boolean {
  return WORKFLOW_RULES[flow].rules.some((r) => r.from === state && r.action === action && r.remarks === 'required');
}

/** The partner's onboarding user status (spec section 4) while its request is in a state. */
export function userStatusOf(state: WorkflowState): OnboardUserStatus {
  if (state === 'APPROVED') return 'Approved';
  return DESKS[state] === 'PARTNER' ? 'Edit' : 'View';
}

/** No action leaves these. */
export const FINAL_STATES: readonly WorkflowState[] = ['APPROVED', 'REJECTED'];

/** The flow as a Mermaid state diagram, as docs/workflow.md shows it. */
export function workflowDiagram(flow: WorkflowFlow): string {
  const { start, rules } = WORKFLOW_RULES[flow];
  const lines = ['stateDiagram-v2', `  [*] --> ${start}`];
  for (const r of rules) {
    const who = r.roles.filter((x) => x !== 'ADMIN').join('/');
    const targets = r.to === RETURN ? rules.filter((s) => s.to === 'SENT_BACK').map((s) => s.from) : [r.to];
    for (const to of targets) lines.push(`  ${r.from} --> ${to}: ${r.action} (${who})`);
  }
  for (const final of FINAL_STATES) lines.push(`  ${final} --> [*]`);
  return lines.join('\n');
}

/**
 * Who a request sent back goes back to, by its flow: whoever resubmits it (a partner's own
 * requests go to the partner; a customer the buyer registered goes to the buyer).
 */
export function sentBackTo(flow: WorkflowFlow): 'PARTNER' | 'BUYER' {
  const resubmit = WORKFLOW_RULES[flow].rules.find((r) => r.action === 'RESUBMIT');
  return resubmit?.roles.includes('PARTNER') === false ? 'BUYER' : 'PARTNER';
}

/** Whether a staff role has a desk in the workflow (a queue of its own), the admin at every desk. */
export function hasDesk(role: UserRole): boolean {
  return role === 'ADMIN' || (role !== 'PARTNER' && Object.values(DESKS).includes(role));
}
