import type { UserRole } from '../constants.ts';
import type { GrievanceState } from '../grievance.ts';
import type { PartnerQueryState } from '../partner-query.ts';
import type { WorkflowState } from '../workflow.ts';

/**
 * The names of the portal's states and roles, once: the server's sentences name them (through the
 * catalogue's `workflowState.*`, `grievanceState.*` and `role.*` texts) and the pages show them.
 */
export const WORKFLOW_STATE_NAMES = {
  en: {
    DRAFT: 'Draft',
    REKYC_DUE: 'Re-KYC due',
    SEGREGATION: 'Segregation',
    CATEGORISATION: 'Categorisation',
    BUYER_REVIEW: 'Buyer review',
    APPROVAL: 'Approval',
    FINANCE_APPROVAL: 'Finance approval',
    SENT_BACK: 'Sent back',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
  },
  hi: {
    DRAFT: 'प्रारूप',
    REKYC_DUE: 'पुनः-केवाईसी देय',
    SEGREGATION: 'पृथक्करण',
    CATEGORISATION: 'वर्गीकरण',
    BUYER_REVIEW: 'क्रेता समीक्षा',
    APPROVAL: 'अनुमोदन',
    FINANCE_APPROVAL: 'वित्त अनुमोदन',
    SENT_BACK: 'वापस भेजा गया',
    APPROVED: 'स्वीकृत',
    REJECTED: 'अस्वीकृत',
  },
} as const satisfies Record<'en' | 'hi', Record<WorkflowState, string>>;

export const GRIEVANCE_STATE_NAMES = {
  en: {
    DRAFT: 'Draft',
    SUBMITTED: 'Submitted',
    IN_REVIEW: 'In review',
    RESOLVED: 'Resolved',
    REOPENED: 'Reopened',
    CLOSED: 'Closed',
  },
  hi: {
    DRAFT: 'ड्राफ्ट',
    SUBMITTED: 'सबमिट की गई',
    IN_REVIEW: 'समीक्षा में',
    RESOLVED: 'हल हो गई',
    REOPENED: 'फिर से खोली गई',
    CLOSED: 'बंद',
  },
} as const satisfies Record<'en' | 'hi', Record<GrievanceState, string>>;

export const PARTNER_QUERY_STATE_NAMES = {
  en: { OPEN: 'Open', ANSWERED: 'Answered', RESOLVED: 'Resolved', CLOSED: 'Closed' },
  hi: { OPEN: 'खुली', ANSWERED: 'उत्तर दिया गया', RESOLVED: 'हल हो गई', CLOSED: 'बंद' },
} as const satisfies Record<'en' | 'hi', Record<PartnerQueryState, string>>;

export const ROLE_NAMES = {
  en: {
    PARTNER: 'Partner',
    BUYER: 'Buyer',
    APPROVER: 'Approver',
    FINANCE: 'Finance approver',
    ADMIN: 'Administrator',
    SEGREGATOR: 'Segregator',
    CATEGORIZER: 'Categorizer',
    FORENSICS: 'Forensics',
    REPORTS: 'Reports',
  },
  hi: {
    PARTNER: 'पार्टनर',
    BUYER: 'क्रेता',
    APPROVER: 'अनुमोदक',
    FINANCE: 'वित्त अनुमोदक',
    ADMIN: 'प्रशासक',
    SEGREGATOR: 'पृथक्करणकर्ता',
    CATEGORIZER: 'वर्गीकरणकर्ता',
    FORENSICS: 'फॉरेंसिक',
    REPORTS: 'रिपोर्ट',
  },
} as const satisfies Record<'en' | 'hi', Record<UserRole, string>>;

type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}${K}`]: T[K] };

/** A table of names as catalogue texts: `{ DRAFT: 'Draft' }` → `{ 'workflowState.DRAFT': 'Draft' }`. */
export function asTexts<P extends string, T extends Record<string, string>>(prefix: P, names: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(names).map(([code, name]) => [`${prefix}${code}`, name])) as Prefixed<P, T>;
}
