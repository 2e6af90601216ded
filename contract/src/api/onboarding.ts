import { z } from 'zod';
import { ONBOARD_USER_STATUSES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { categoryCodeParam, companyCodeParam, envelope, idParamSchema, rowIdSchema } from '../envelope.ts';
import {
  CREDENTIAL_LISTS,
  FINANCIAL_PARTS,
  ONBOARDING_LISTS,
  ONBOARDING_MODULE_CODES,
  ONBOARDING_PARTS,
  QUESTION_KINDS,
  answerInputSchema,
  declarationAcceptanceInputSchema,
  declarationHtmlSchema,
  fileIdSchema,
  listsInput,
  listsOutput,
  tdsDeclarationInputSchema,
  type FinancialPartName,
  type OnboardingListName,
} from '../onboarding.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { storedFileSchema } from './files.ts';

const moduleCodeSchema = z.enum(ONBOARDING_MODULE_CODES);
const isInternationalParam = z
  .enum(['true', 'false'], { error: 'isInternational must be true or false' })
  .transform((v) => v === 'true');

const profileParams = z.object({ categoryCode: categoryCodeParam, companyCode: companyCodeParam });
const internationalParams = profileParams.extend({ isInternational: isInternationalParam });

export const onboardingModuleSchema = z.object({
  moduleCode: moduleCodeSchema,
  moduleName: z.string(),
  sortOrder: z.number().int(),
});

export const questionSchema = z.object({
  questionId: z.number().int(),
  moduleCode: moduleCodeSchema,
  text: z.string(),
  kind: z.enum(QUESTION_KINDS),
  mandatory: z.boolean(),
  /** Static: the answer is one file. */
  isStatic: z.boolean(),
  hasExpiry: z.boolean(),
  /** A CHOICE question's answers; the answer is one of them. */
  options: z.array(z.string()),
  /** The options as the reader reads them (Hindi when the request prefers it), in the options' order. */
  optionLabels: z.array(z.string()),
  answer: z
    .object({ value: z.string().nullable(), expiryDate: z.string().nullable(), files: z.array(storedFileSchema) })
    .nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const moduleProgressSchema = z.object({
  moduleCode: moduleCodeSchema,
  moduleName: z.string(),
  percentage: z.number().int(),
  satisfied: z.number().int(),
  total: z.number().int(),
});
export const progressSchema = z.object({ overall: z.number().int(), modules: z.array(moduleProgressSchema) });
export type OnboardingProgress = z.infer<typeof progressSchema>;

/** What a mandatory check found missing, each named by module and field. */
export const missingItemSchema = z.object({
  moduleCode: moduleCodeSchema,
  /** Where the value belongs: `statutory.pan`, `bankAccounts.0.ifsc`, `question.701`, … */
  path: z.string(),
  /** The item's label key in the contract messages, for the page to show in its language. */
  label: z.string(),
  /** A question's text, or the financial year of a financial item. */
  text: z.string().nullable(),
  row: z.number().int().nullable(),
  message: z.string(),
});
export type MissingItem = z.infer<typeof missingItemSchema>;
export const mandatoryCheckSchema = z.object({ complete: z.boolean(), missing: z.array(missingItemSchema) });
export type MandatoryCheckResult = z.infer<typeof mandatoryCheckSchema>;

/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- each assertion keeps the one
   part's own schema type; without it TypeScript widens to the union of all parts. */
const part = <P extends keyof typeof ONBOARDING_PARTS>(name: P) =>
  z.nullable(ONBOARDING_PARTS[name].output as (typeof ONBOARDING_PARTS)[P]['output']);
const rows = <L extends OnboardingListName>(name: L) =>
  z.array(ONBOARDING_LISTS[name].output as (typeof ONBOARDING_LISTS)[L]['output']);
const years = <P extends FinancialPartName>(name: P) =>
  z.array(FINANCIAL_PARTS[name].output as (typeof FINANCIAL_PARTS)[P]['output']);
/* eslint-enable @typescript-eslint/no-unnecessary-type-assertion */

export const profileHeaderSchema = z.object({
  companyCode: z.number().int(),
  categoryCode: z.string(),
  categoryName: z.string(),
  organizationName: z.string(),
  partnerNumber: z.string(),
  international: z.boolean(),
  status: z.enum(ONBOARD_USER_STATUSES),
  requestNumber: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

export const financialSummarySchema = z.object({
  /** The financial years asked, newest first. */
  years: z.array(z.string()),
  performance: years('performance'),
  strength: years('strength'),
  others: years('others'),
  statements: years('statements'),
});

export const acceptanceSchema = z.object({
  signatoryName: z.string(),
  signatoryDesignation: z.string(),
  place: z.string(),
  acceptedAt: z.string(),
});
export const tdsDeclarationSchema = z.object({
  financialYear: z.string(),
  signatoryName: z.string(),
  fileId: z.string().nullable(),
  declaredAt: z.string(),
});

/** The whole profile of one company and category: every part, list, answer and file it names. */
export const onboardingProfileSchema = z.object({
  profile: profileHeaderSchema,
  general: part('general'),
  address: part('address'),
  statutory: part('statutory'),
  vat: part('vat'),
  lists: listsOutput(Object.keys(ONBOARDING_LISTS) as OnboardingListName[]),
  financial: financialSummarySchema,
  questions: z.array(questionSchema),
  acceptance: acceptanceSchema.nullable(),
  tdsDeclaration: tdsDeclarationSchema.nullable(),
  /** Every file the profile refers to, for names and sizes. */
  files: z.array(storedFileSchema),
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

export const generalModuleSchema = z.object({
  organizationName: z.string(),
  general: part('general'),
  contacts: rows('contacts'),
});

export const saveDeclarationTextBodySchema = z
  .object({
    companyCode: companyCodeParam,
    declarationHtml: declarationHtmlSchema,
    tdsDeclarationHtml: declarationHtmlSchema,
    declarationHtmlHi: declarationHtmlSchema.optional(),
    tdsDeclarationHtmlHi: declarationHtmlSchema.optional(),
  })
  .strict();
export type SaveDeclarationTextBody = z.output<typeof saveDeclarationTextBodySchema>;

export const declarationSchema = z.object({
  companyCode: z.number().int(),
  declarationHtml: z.string(),
  tdsDeclarationHtml: z.string(),
});

const STATUTORY_KINDS = [
  'cin',
  'llpin',
  'frn',
  'sern',
  'esinumber',
  'factoryInspectorCfnumber',
  'gst',
  'tan',
  'vat',
  'aadhaar',
  'msme',
  'shopEstablishmentCfNumber',
  'pfnumber',
  'pan',
] as const;
export type StatutoryKind = (typeof STATUTORY_KINDS)[number];
/** The kinds whose look-up has a `partnersId` variant (spec section 7). */
export const PARTNER_SCOPED_STATUTORY_KINDS = ['gst', 'tan', 'vat'] as const;

export const statutoryCheckSchema = z.object({
  kind: z.enum(STATUTORY_KINDS),
  value: z.string(),
  valid: z.boolean(),
  /** The number is already on another partner's profile (a forensics signal: saving is still allowed). */
  duplicate: z.boolean(),
});
export const statutoryParams = z.object({ kind: z.enum(STATUTORY_KINDS), value: z.string().trim().min(1).max(40) });

const deleteRowBody = z.object({ id: rowIdSchema }).strict();
const partner = { tags: ['onboarding'], access: 'partner' } as const;

/** A branch as Branch Details lists it: the onboarding row with its state and city named. */
export const branchDetailSchema = ONBOARDING_LISTS.branches.output.and(
  z.object({ stateName: z.string().nullable(), cityName: z.string().nullable() }),
);
export type BranchDetail = z.infer<typeof branchDetailSchema>;

/** A new branch from the partner area: every field but the GSTIN given. */
export const newBranchBodySchema = z
  .object({
    branchName: z.string().trim().min(2).max(200),
    street: z.string().trim().min(3).max(200),
    stateId: rowIdSchema,
    cityId: rowIdSchema,
    postalCode: ruleSchema('indianPinCode'),
    /** Optional: left empty, the branch has none. */
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.union([z.literal(''), ruleSchema('gst')]))
      .optional()
      .transform((v) => v || undefined),
  })
  .strict();
export type NewBranchBody = z.output<typeof newBranchBodySchema>;

/** A row delete of spec section 7 ("Deletes"): POST with the row's id; answers the list as it now is. */
const deleteRow = <L extends OnboardingListName>(path: string, list: L) =>
  endpoint({
    ...partner,
    method: 'POST',
    path,
    summary: `Delete one row of ${list} from the current profile`,
    body: deleteRowBody,
    response: envelope(rows(list)),
  });

export const FINANCIAL_SAVE_BODY = <S extends z.ZodType>(row: S) => z.object({ years: z.array(row).min(1).max(5) }).strict();

/** Onboarding data of spec section 7: the parts a partner fills in, saved into the session's current profile. */
export const onboardingEndpoints = {
  modules: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/onboard-module',
    summary: 'The onboarding modules, in order',
    response: envelope(z.array(onboardingModuleSchema)),
  }),
  moduleQuestions: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/onboard-questions/module-code/:moduleCode/category-code/:categoryCode/company-code/:companyCode/isInternational/:isInternational',
    summary: "A module's questions for a company and category, with the partner's answers",
    params: internationalParams.extend({ moduleCode: moduleCodeSchema }),
    response: envelope(z.array(questionSchema)),
  }),
  progress: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/onboard-questions/category-code/:categoryCode/company-code/:companyCode/isInternational/:isInternational',
    summary: 'Percentage completed, per module and overall',
    params: internationalParams,
    response: envelope(progressSchema),
  }),
  saveAnswers: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/onboard-answer-heads/draft',
    summary: 'Save answers to questions as a draft (only the questions given change)',
    body: z
      .object({
        categoryCode: categoryCodeParam,
        companyCode: companyCodeParam,
        answers: z.array(answerInputSchema).min(1).max(100),
      })
      .strict(),
    response: envelope(z.array(questionSchema)),
  }),
  deleteFileAnswer: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/file/answer',
    summary: "Remove one file from a question's answer",
    body: z.object({ questionId: rowIdSchema, fileId: fileIdSchema }).strict(),
    response: envelope(questionSchema),
  }),
  generalModule: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/general-module/category-code/:categoryCode/company-code/:companyCode',
    summary: 'General details and contacts of a profile',
    params: profileParams,
    response: envelope(generalModuleSchema),
  }),
  yearIncorporatedMandatory: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/general-module/year-incorporated/mandatory/category-code/:categoryCode',
    summary: 'Whether the year of incorporation is mandatory for a business category',
    params: z.object({ categoryCode: categoryCodeParam }),
    response: envelope(z.boolean()),
  }),
  saveGeneral: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module',
    summary: 'Save general details and contacts',
    body: z
      .object({ general: ONBOARDING_PARTS.general.input.optional(), contacts: listsInput(['contacts']).shape.contacts })
      .strict(),
    response: envelope(generalModuleSchema),
  }),
  saveOrgDetails: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module/save/org-details',
    summary: 'Save statutory details (PAN, registrations, their documents)',
    body: ONBOARDING_PARTS.statutory.input,
    response: envelope(ONBOARDING_PARTS.statutory.output),
  }),
  saveBankDetails: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module/save/bank-details',
    summary: 'Save bank accounts (bank and branch come from the IFSC)',
    body: listsInput(['bankAccounts']).extend({ isMigratedUser: z.boolean().optional() }),
    response: envelope(listsOutput(['bankAccounts'])),
  }),
  saveCredential: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module/save/credential',
    summary: 'Save credentials and capacity: factories, warehouses, projects, bankers, ratings, customers, memberships, ERP',
    body: listsInput(CREDENTIAL_LISTS),
    response: envelope(listsOutput(CREDENTIAL_LISTS)),
  }),
  savePartnershipAvenue: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module/save/partnership-avenue',
    summary: 'Save partnership avenues (vertical and cluster)',
    body: listsInput(['avenues']),
    response: envelope(listsOutput(['avenues'])),
  }),
  saveBranch: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/general-module/save/branch',
    summary: 'Save branches (name and street unique)',
    body: listsInput(['branches']),
    response: envelope(listsOutput(['branches'])),
  }),
  branchDetails: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/branch-details',
    summary: "The branches of the session's current profile, with their state and city names (Branch Details)",
    response: envelope(z.array(branchDetailSchema)),
  }),
  newBranch: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner/new-branch',
    summary:
      'Add a branch from the partner area (name and street unique); also once the profile is approved, not while it is under review',
    body: newBranchBodySchema,
    response: envelope(z.array(branchDetailSchema)),
  }),
  address: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/on-boarding/address',
    summary: 'Registered address of the current profile',
    response: envelope(part('address')),
  }),
  saveAddress: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/on-boarding/address',
    summary: 'Save the registered address',
    body: ONBOARDING_PARTS.address.input,
    response: envelope(ONBOARDING_PARTS.address.output),
  }),
  gstins: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/on-boarding/gstin',
    summary: 'GSTINs of the current profile',
    response: envelope(rows('gstins')),
  }),
  saveGstins: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/on-boarding/gstin',
    summary: 'Save the GSTIN list whole (a GSTIN left out is removed)',
    body: z.object({ gstins: z.array(ONBOARDING_LISTS.gstins.input).max(ONBOARDING_LISTS.gstins.max) }).strict(),
    response: envelope(rows('gstins')),
  }),
  vat: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/on-boarding/vat',
    summary: 'VAT details of the current profile (international partners)',
    response: envelope(part('vat')),
  }),
  saveVat: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/on-boarding/vat',
    summary: 'Save VAT details',
    body: ONBOARDING_PARTS.vat.input,
    response: envelope(ONBOARDING_PARTS.vat.output),
  }),
  saveFinancialPerformance: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/onboard-financial/financial-performance',
    summary: 'Save turnover and profit per financial year',
    body: FINANCIAL_SAVE_BODY(FINANCIAL_PARTS.performance.input),
    response: envelope(financialSummarySchema),
  }),
  saveFinancialStrength: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/onboard-financial/financial-strength',
    summary: 'Save net worth, capital, reserves and ratios per financial year',
    body: FINANCIAL_SAVE_BODY(FINANCIAL_PARTS.strength.input),
    response: envelope(financialSummarySchema),
  }),
  saveFinancialOthers: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/onboard-financial/others',
    summary: 'Save order book and credit limits per financial year',
    body: FINANCIAL_SAVE_BODY(FINANCIAL_PARTS.others.input),
    response: envelope(financialSummarySchema),
  }),
  saveFinance: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/onboard-finance',
    summary: 'Save the audited financial statements per financial year',
    body: FINANCIAL_SAVE_BODY(FINANCIAL_PARTS.statements.input),
    response: envelope(financialSummarySchema),
  }),
  financialRetrieval: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/partner-summaries/financial-retrieval/category-code/:categoryCode/company-code/:companyCode',
    summary: 'Financial details of a profile',
    params: profileParams,
    response: envelope(financialSummarySchema),
  }),
  generalRetrieval: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/partner-summaries/general-retrieval/category-code/:categoryCode/company-code/:companyCode/partner-category/:partnerCategory',
    summary: 'The whole profile of a company and category (partner-category: the business the category belongs to)',
    params: profileParams.extend({ partnerCategory: categoryCodeParam }),
    response: envelope(onboardingProfileSchema),
  }),
  deleteContact: deleteRow('/api/partner/contact', 'contacts'),
  deleteAvenue: deleteRow('/api/partner-vertical-cluster-delete', 'avenues'),
  deleteCustomer: deleteRow('/api/partner-customer', 'customers'),
  deleteBankAccount: deleteRow('/api/delete/bank-book', 'bankAccounts'),
  deleteFactory: deleteRow('/api/factory-book', 'factories'),
  deleteWarehouse: deleteRow('/api/ware-house', 'warehouses'),
  deleteMembership: deleteRow('/api/partner-member-category', 'memberships'),
  deleteProject: deleteRow('/api/partner-project', 'projects'),
  deleteBanker: deleteRow('/api/partner-banker', 'bankers'),
  deleteRating: deleteRow('/api/partner-agency-rating', 'ratings'),
  deleteErp: deleteRow('/api/partner-erp-business-delete', 'erpSystems'),
  deleteBranch: endpoint({
    ...partner,
    method: 'DELETE',
    path: '/api/partner-branch/branch-id/:branchId/category-code/:categoryCode/company-code/:companyCode',
    summary: 'Delete one branch of a profile',
    params: profileParams.extend({ branchId: idParamSchema }),
    response: envelope(rows('branches')),
  }),
  verifyMandatory: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/onboard-answer-head/category-code/:categoryCode/company-code/:companyCode/verify-mandatory',
    summary: 'Mandatory fields of every part: which are still empty',
    params: profileParams,
    response: envelope(mandatoryCheckSchema),
  }),
  verifyMandatoryQuestions: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/verify-mandatory-questions/company-code/:companyCode/category-code/:categoryCode/isInternational/:isInternational',
    summary: 'Mandatory questions still unanswered',
    params: internationalParams,
    response: envelope(mandatoryCheckSchema),
  }),
  verifyMandatoryStatic: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/Verify-Mandatory-Static-Questions/companyCode/:companyCode/categoryCode/:categoryCode/parentCategory/:parentCategory/isInternational/:isInternational',
    summary: 'Mandatory single-file documents still missing',
    params: internationalParams.extend({ parentCategory: categoryCodeParam }),
    response: envelope(mandatoryCheckSchema),
  }),
  submit: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partnerportal/workflow/onboard-module/submit/category/:categoryCode/company-code/:companyCode',
    summary:
      'Submit the profile for approval (400 naming what is missing); answers the request number and a token with the new status',
    params: profileParams,
    response: envelope(
      z.object({ requestNumber: z.string(), userStatus: z.enum(ONBOARD_USER_STATUSES), accessToken: z.string() }),
    ),
  }),
  declaration: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/declaration',
    summary: "A group company's declaration texts, in Hindi when the request's Accept-Language prefers it",
    query: z.object({ companyCode: companyCodeParam }).strict(),
    response: envelope(declarationSchema),
  }),
  saveDeclarationText: endpoint({
    method: 'POST',
    path: '/api/declaration',
    summary: "Change a group company's declaration texts (staff); a Hindi text left out is cleared",
    tags: ['onboarding'],
    access: { permission: 'technicalAdmin' },
    body: saveDeclarationTextBodySchema,
    response: envelope(declarationSchema),
  }),
  acceptance: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/declaration/acceptance',
    summary: "The partner's acceptance of the declaration for a profile",
    query: profileParams.strict(),
    response: envelope(acceptanceSchema.nullable()),
  }),
  accept: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/declaration/acceptance',
    summary: 'Accept the declaration for a profile',
    query: profileParams.strict(),
    body: declarationAcceptanceInputSchema,
    response: envelope(acceptanceSchema),
  }),
  tdsDeclaration: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/submit/tdsDeclaration',
    summary: 'Make the TDS declaration (sections 206AB / 206CCA) for a profile',
    body: tdsDeclarationInputSchema,
    response: envelope(tdsDeclarationSchema),
  }),
  statutory: endpoint({
    method: 'GET',
    path: '/api/statutory/:kind/:value',
    summary: 'Check a statutory number: format, check digit, and whether another partner already holds it',
    tags: ['onboarding'],
    access: 'session',
    params: statutoryParams,
    response: envelope(statutoryCheckSchema),
  }),
  statutoryForPartner: endpoint({
    method: 'GET',
    path: '/api/statutory/:kind/:value/partnersId/:partnersId',
    summary: 'The same check, for a number of the given partner (gst, tan, vat)',
    tags: ['onboarding'],
    access: 'session',
    params: statutoryParams.extend({ partnersId: idParamSchema }),
    response: envelope(statutoryCheckSchema),
  }),
};
