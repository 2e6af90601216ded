import type { UserRole } from './constants.ts';
import { hasPermission } from './permissions.ts';

/**
 * A partner query (the support form's or a chat callback) and its lifecycle on /PartnerQueries.
 * The spec names the calls (insertChatMessage, setResolved); the states are ours, drawn in
 * docs/partner-queries.md: staff answer an open query (the answer is e-mailed), the partner may
 * write again (open once more), staff resolve it, either side closes it for good.
 */
export const PARTNER_QUERY_STATES = ['OPEN', 'ANSWERED', 'RESOLVED', 'CLOSED'] as const;
export type PartnerQueryState = (typeof PARTNER_QUERY_STATES)[number];
/** Not yet settled: an address with one of these may not start another query. */
export const PARTNER_QUERY_UNSETTLED: readonly PartnerQueryState[] = ['OPEN', 'ANSWERED'];

export const PARTNER_QUERY_ACTIONS = ['REPLY', 'RESOLVE', 'CLOSE'] as const;
export type PartnerQueryAction = (typeof PARTNER_QUERY_ACTIONS)[number];

/** Who wrote a line of a query's conversation: the chat before a callback (VISITOR, BOT), the partner, staff. */
export const PARTNER_QUERY_AUTHORS = ['VISITOR', 'BOT', 'PARTNER', 'STAFF'] as const;
export type PartnerQueryAuthor = (typeof PARTNER_QUERY_AUTHORS)[number];

/** The permission that lets staff work partner queries (ours: section 6 names none that fits). */
export const PARTNER_QUERY_PERMISSION = 'workPartnerQueries' as const;
export const PARTNER_QUERY_REPLY_MAX = 2000;

type Side = 'PARTNER' | 'STAFF';
const sideOf = (role: UserRole): Side | null =>
  role === 'PARTNER' ? 'PARTNER' : hasPermission(role, PARTNER_QUERY_PERMISSION) ? 'STAFF' : null;

const RULES: { action: PartnerQueryAction; side: Side; from: readonly PartnerQueryState[]; to: PartnerQueryState }[] = [
  { action: 'REPLY', side: 'STAFF', from: ['OPEN', 'ANSWERED'], to: 'ANSWERED' },
  // The partner writes again: the query waits for the group once more, even after a resolution.
  { action: 'REPLY', side: 'PARTNER', from: ['OPEN', 'ANSWERED', 'RESOLVED'], to: 'OPEN' },
  { action: 'RESOLVE', side: 'STAFF', from: ['OPEN', 'ANSWERED'], to: 'RESOLVED' },
  { action: 'CLOSE', side: 'STAFF', from: ['OPEN', 'ANSWERED', 'RESOLVED'], to: 'CLOSED' },
  { action: 'CLOSE', side: 'PARTNER', from: ['OPEN', 'ANSWERED', 'RESOLVED'], to: 'CLOSED' },
];

/** Where an action takes a query, or null when this role may not take it in this state. */
export function partnerQueryTransition(
  state: PartnerQueryState,
  action: PartnerQueryAction,
  role: UserRole,
): PartnerQueryState | null {
  const side = sideOf(role);
  return RULES.find((r) => r.action === action && r.side === side && r.from.includes(state))?.to ?? null;
}

/** The actions a role may take on a query in a state (the buttons a page offers). */
export function partnerQueryActionsFor(state: PartnerQueryState, role: UserRole): PartnerQueryAction[] {
  return PARTNER_QUERY_ACTIONS.filter((a) => partnerQueryTransition(state, a, role) !== null);
}
