import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, errorBodySchema, idParamSchema } from '../envelope.ts';
import { GRIEVANCE_STATES } from '../grievance.ts';
import { PARTNER_QUERY_STATES } from '../partner-query.ts';
import { WORKFLOW_STATES } from '../workflow.ts';
import { checkDateRange, dateRangeFields } from './business.ts';

/**
 * The reports of /Reports (reportsAdmin): each a table the page previews and charts, and downloads
 * whole as XLSX or CSV, streamed. The spec names the page and the permission only; the catalogue
 * is ours. A report's columns have their English and Hindi headings here, so the page and the
 * file's header row say the same; which filters a report takes is here too.
 */
export const REPORT_KINDS = ['onboarding', 'approvals', 'grievances', 'rfqs', 'queries', 'audit'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type ReportFilter = 'companyCode' | 'businessCode' | 'state' | 'dates';

interface Column {
  key: string;
  en: string;
  hi: string;
}
const col = (key: string, en: string, hi: string): Column => ({ key, en, hi });

export interface ReportDefinition {
  filters: readonly ReportFilter[];
  /** The values the state filter takes (the report's own states). */
  states: readonly string[];
  /** What the dates filter bounds, in the report's words (a column key). */
  dated: string | null;
  columns: readonly Column[];
}

const company = col('company', 'Company', 'कंपनी');
const partner = col('partner', 'Partner', 'पार्टनर');

export const REPORTS: Record<ReportKind, ReportDefinition> = {
  /** Onboarding requests by state and desk, with how long each has waited. */
  onboarding: {
    filters: ['companyCode', 'businessCode', 'state', 'dates'],
    states: WORKFLOW_STATES.filter((s) => s !== 'DRAFT' && s !== 'REKYC_DUE'),
    dated: 'submittedAt',
    columns: [
      col('requestNumber', 'Request number', 'अनुरोध संख्या'),
      partner,
      company,
      col('business', 'Business', 'व्यवसाय'),
      col('state', 'State', 'स्थिति'),
      col('desk', 'Desk', 'डेस्क'),
      col('submittedAt', 'Submitted', 'जमा किया गया'),
      col('updatedAt', 'Last step', 'अंतिम कदम'),
      col('ageDays', 'Days waiting (or taken, once final)', 'प्रतीक्षा के दिन (अंतिम होने पर लगे दिन)'),
    ],
  },
  /** Every step of the approval workflow, with the desk that took it and the days since the step before. */
  approvals: {
    filters: ['companyCode', 'businessCode', 'dates'],
    states: [],
    dated: 'at',
    columns: [
      col('requestNumber', 'Request number', 'अनुरोध संख्या'),
      company,
      col('action', 'Action', 'कार्रवाई'),
      col('fromState', 'From', 'से'),
      col('toState', 'To', 'तक'),
      col('by', 'By', 'द्वारा'),
      col('role', 'Desk', 'डेस्क'),
      col('at', 'When', 'कब'),
      col('daysTaken', 'Days since the step before', 'पिछले कदम से दिन'),
    ],
  },
  /** Grievances by state, with their age against their deadlines. */
  grievances: {
    filters: ['companyCode', 'state', 'dates'],
    states: GRIEVANCE_STATES.filter((s) => s !== 'DRAFT'),
    dated: 'submittedAt',
    columns: [
      col('grievanceNumber', 'Grievance number', 'शिकायत संख्या'),
      partner,
      company,
      col('reason', 'Reason', 'कारण'),
      col('state', 'State', 'स्थिति'),
      col('submittedAt', 'Submitted', 'जमा की गई'),
      col('dueAt', 'Deadline', 'समय-सीमा'),
      col('answeredAt', 'Answered', 'उत्तर दिया गया'),
      col('ageDays', 'Days open (or to answer)', 'खुले दिन (या उत्तर तक)'),
      col('late', 'Past the deadline', 'समय-सीमा पार'),
    ],
  },
  /** RFQs and auctions with how many partners bid and how. */
  rfqs: {
    filters: ['companyCode', 'businessCode', 'dates'],
    states: [],
    dated: 'openingAt',
    columns: [
      col('rfqNumber', 'RFQ number', 'आरएफक्यू संख्या'),
      col('kind', 'Kind', 'प्रकार'),
      company,
      col('business', 'Business', 'व्यवसाय'),
      col('category', 'Category', 'श्रेणी'),
      col('title', 'Title', 'शीर्षक'),
      col('openingAt', 'Opens', 'खुलता है'),
      col('closingAt', 'Closes', 'बंद होता है'),
      col('bidders', 'Partners who bid', 'बोली लगाने वाले पार्टनर'),
      col('bids', 'Bids', 'बोलियाँ'),
      col('lowestBid', 'Lowest bid', 'न्यूनतम बोली'),
    ],
  },
  /** Partner queries by source and state. */
  queries: {
    filters: ['companyCode', 'state', 'dates'],
    states: PARTNER_QUERY_STATES,
    dated: 'askedAt',
    columns: [
      col('referenceNumber', 'Reference', 'संदर्भ'),
      col('source', 'Source', 'स्रोत'),
      col('state', 'State', 'स्थिति'),
      col('name', 'Asked by', 'किसने पूछा'),
      col('email', 'E-mail', 'ई-मेल'),
      partner,
      company,
      col('askedAt', 'Asked', 'पूछा गया'),
      col('lastMessageAt', 'Last message', 'अंतिम संदेश'),
      col('resolvedAt', 'Resolved', 'हल हुई'),
    ],
  },
  /** The admin actions of section 6: who, on what, when, why. */
  audit: {
    filters: ['dates'],
    states: [],
    dated: 'at',
    columns: [
      col('at', 'When', 'कब'),
      col('action', 'Action', 'कार्रवाई'),
      col('by', 'By', 'द्वारा'),
      col('partnerNumber', 'Partner number', 'पार्टनर नंबर'),
      col('requestNumber', 'Request number', 'अनुरोध संख्या'),
      col('remarks', 'Remarks', 'टिप्पणी'),
    ],
  },
};

/** Rows a report's preview shows on the page; the download has them all. */
export const REPORT_PREVIEW_ROWS = 20;

export const reportQuerySchema = z
  .object({
    companyCode: idParamSchema.optional(),
    /** A business (level-1 category code): its requests, RFQs and the categories under it. */
    businessCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{1,20}$/, { error: 'must be a business code like SUP' })
      .optional(),
    /** One of the report's states (REPORTS[kind].states). */
    state: z.string().trim().toUpperCase().max(30).optional(),
    ...dateRangeFields,
  })
  .strict()
  .superRefine(checkDateRange);
export type ReportQuery = z.output<typeof reportQuerySchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const reportViewSchema = z.object({
  report: z.enum(REPORT_KINDS),
  /** Rows the download holds. */
  total: z.number().int().nonnegative(),
  /** The first REPORT_PREVIEW_ROWS rows, cells in the order of REPORTS[report].columns. */
  preview: z.array(z.array(cell)),
  /** What the page draws: categories (codes the page names) and one or more series over them. */
  chart: z.object({
    labels: z.array(z.string()),
    series: z.array(z.object({ key: z.string(), values: z.array(z.number()) })),
  }),
});
export type ReportView = z.output<typeof reportViewSchema>;

const reportParams = z.object({ report: z.enum(REPORT_KINDS) }).strict();

export const reportEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/reports/:report',
    summary: 'A report as the page shows it: how many rows, the first of them, and its chart',
    tags: ['reports'],
    access: { permission: 'reportsAdmin' },
    params: reportParams,
    query: reportQuerySchema,
    response: envelope(reportViewSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/reports/:report/download/:format',
    summary:
      'A report whole, as an XLSX workbook or a CSV file, streamed as it is read; cells a spreadsheet would run as a formula are written as text',
    tags: ['reports'],
    access: { permission: 'reportsAdmin' },
    params: reportParams.extend({ format: z.enum(REPORT_FORMATS) }).strict(),
    query: reportQuerySchema,
    binary: true,
    response: errorBodySchema,
  }),
};
