import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { companyCodeParam, envelope, rowIdSchema, wholeNumber } from '../envelope.ts';
import { addressFields, checkPostalCode, fileIdSchema, partInput, partOutput } from '../onboarding.ts';
import { statutoryCheckSchema, statutoryParams } from './onboarding.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { WORKFLOW_STATES } from '../workflow.ts';
import { USER_ROLES } from '../constants.ts';
import { requestNumberSchema, workflowMessageSchema, workflowStatusSchema } from './workflow.ts';

/**
 * Customers of the group (section 7, "customers"): registered by staff holding customer admin,
 * with branches and bank accounts, and approved through the CUSTOMER flow of the workflow engine
 * (docs/workflow.md). The bodies are ours: the spec names the calls only.
 */
const upper = (rule: Parameters<typeof ruleSchema>[0]) => z.string().trim().toUpperCase().pipe(ruleSchema(rule));
/** An optional number: left blank (as a form leaves it), it is absent. */
const optionalUpper = (rule: Parameters<typeof ruleSchema>[0]) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), upper(rule).optional());

/** The address fields every customer has (the second line may stay empty). */
const REQUIRED_ADDRESS_FIELDS = ['line1', 'countryCode', 'stateId', 'cityId', 'postalCode'] as const;
/** A customer's registered address: the profile's address form, its lines, place and postal code required. */
export function checkCustomerAddress(
  a: {
    line1: string | null;
    countryCode: number | null;
    stateId: number | null;
    cityId: number | null;
    postalCode: string | null;
  },
  ctx: Parameters<typeof checkPostalCode>[1],
) {
  for (const key of REQUIRED_ADDRESS_FIELDS)
    if (a[key] === null) ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
  checkPostalCode(a, ctx);
}
const customerAddressFields = partInput(addressFields).shape;
const customerAddressSchema = partInput(addressFields).superRefine(checkCustomerAddress);

export const customerInputSchema = z
  .object({
    companyCode: companyCodeParam,
    name: z.string().trim().min(3).max(200).pipe(ruleSchema('companyName')),
    pan: optionalUpper('pan'),
    gstin: optionalUpper('gst'),
    email: z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')),
    mobileNumber: z.string().trim().pipe(ruleSchema('universalMobile')),
    address: customerAddressSchema,
  })
  .strict();
export type CustomerInput = z.output<typeof customerInputSchema>;

/**
 * The registration page's form: the master data with the address's fields beside it (the page
 * nests them as `address` for the call); for a correction, without the company.
 */
const customerFormBase = customerInputSchema.omit({ address: true }).extend(customerAddressFields);
export const customerFormSchema = customerFormBase.superRefine(checkCustomerAddress);
export const customerCorrectionFormSchema = customerFormBase.omit({ companyCode: true }).superRefine(checkCustomerAddress);

export const customerBranchInputSchema = z
  .object({
    name: z.string().trim().min(3).max(100),
    gstin: optionalUpper('gst'),
    stateId: wholeNumber('validation.required'),
    city: z.string().trim().min(2).max(100),
    address: z.string().trim().min(5).max(300),
  })
  .strict();

export const customerBankInputSchema = z
  .object({
    accountHolderName: z.string().trim().min(3).max(200).pipe(ruleSchema('companyName')),
    accountNumber: z.string().trim().max(34).pipe(ruleSchema('accountNumber')),
    ifsc: upper('ifsc'),
  })
  .strict();

export const customerNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^CU\d{8}$/, { error: 'must be a customer number like CU00000042' });
const onCustomer = z.object({ customerNumber: customerNumberSchema });

export const customerSchema = z.object({
  customerNumber: z.string(),
  requestNumber: z.string(),
  companyCode: z.number().int(),
  name: z.string(),
  pan: z.string().nullable(),
  gstin: z.string().nullable(),
  email: z.string(),
  mobileNumber: z.string(),
  address: partOutput(addressFields),
  state: z.enum(WORKFLOW_STATES),
  desk: z.enum(USER_ROLES).nullable(),
  branches: z.array(
    customerBranchInputSchema.extend({ id: z.number().int(), gstin: z.string().nullable(), stateId: z.number().int() }),
  ),
  banks: z.array(
    customerBankInputSchema.extend({
      id: z.number().int(),
      bank: z.string(),
      branch: z.string(),
      bookFileId: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
});
export type Customer = z.output<typeof customerSchema>;

const customerAdmin = { access: { permission: 'customerAdmin' as const }, tags: ['customers'] };
const customerAnswer = envelope(customerSchema);

export const customerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/customer/getList',
    summary: 'Customers, newest first, searched by name (trigram index), customer number or PAN, with where each stands',
    tags: ['customers'],
    access: { permission: 'allowViewCustomerDashboard' },
    query: pageQuerySchema.extend({ companyCode: companyCodeParam.optional() }).strict(),
    response: envelope(paged(customerSchema.omit({ branches: true, banks: true, address: true }))),
  }),
  onboarding: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/onboarding',
    summary:
      'A whole customer in one call: master data, branches and bank accounts, registered as a draft and, with submit, sent for approval',
    body: customerInputSchema
      .extend({
        branches: z.array(customerBranchInputSchema).max(50).default([]),
        banks: z.array(customerBankInputSchema).max(10).default([]),
        submit: z.boolean().default(false),
      })
      .strict(),
    response: customerAnswer,
  }),
  statutory: endpoint({
    method: 'GET',
    path: '/api/customer/statutory/:kind/:value',
    summary:
      "Check a customer's statutory number: format, check digit, and whether another customer already holds it (PAN, GSTIN)",
    tags: ['customers'],
    access: { permission: 'customerAdmin' },
    params: statutoryParams,
    // The customer being corrected holds its own numbers rightly.
    query: z.object({ customerNumber: customerNumberSchema.optional() }).strict(),
    response: envelope(statutoryCheckSchema),
  }),
  register: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/register',
    summary: 'Register a customer: a draft on the buyer desk of its company, with its request number',
    body: customerInputSchema,
    response: customerAnswer,
  }),
  masterData: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customers/masterData',
    summary: "Correct a customer's master data while it is a draft or sent back",
    body: onCustomer.extend(customerInputSchema.omit({ companyCode: true }).partial().shape).strict(),
    response: customerAnswer,
  }),
  workflowMasterData: endpoint({
    method: 'POST',
    path: '/api/customers/workflow/masterData',
    summary: "A customer's master data with where its request stands and its history, for the approvers",
    tags: ['customers'],
    access: { permission: 'allowViewCustomerDashboard' },
    body: z.object({ requestNumber: requestNumberSchema }).strict(),
    response: envelope(
      z.object({ customer: customerSchema, status: workflowStatusSchema, history: z.array(workflowMessageSchema) }),
    ),
  }),
  submit: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer-submit',
    summary: 'Submit a customer for approval (a sent-back one returns to the desk that sent it back)',
    body: onCustomer.strict(),
    response: envelope(workflowStatusSchema),
  }),
  newBranches: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/new-branches',
    summary: 'Add branches to a customer (name unique per customer)',
    body: onCustomer.extend({ branches: z.array(customerBranchInputSchema).min(1).max(50) }).strict(),
    response: customerAnswer,
  }),
  branch: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/branch',
    summary: 'Add one branch to a customer',
    body: onCustomer.extend({ branch: customerBranchInputSchema }).strict(),
    response: customerAnswer,
  }),
  newBank: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/new-bank',
    summary: 'Add a bank account to a customer (bank and branch from the IFSC master)',
    body: onCustomer.extend({ bank: customerBankInputSchema }).strict(),
    response: customerAnswer,
  }),
  bankBook: endpoint({
    ...customerAdmin,
    method: 'POST',
    path: '/api/customer/bank-book',
    summary: "Attach the bank book or cancelled cheque (an uploaded file) to a customer's bank account",
    body: onCustomer.extend({ bankId: rowIdSchema, fileId: fileIdSchema }).strict(),
    response: customerAnswer,
  }),
};
