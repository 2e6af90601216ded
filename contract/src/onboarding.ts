import { z } from 'zod';
import { DOMESTIC_COUNTRY_CODE } from './constants.ts';
import { categoryCodeParam, companyCodeParam, rowIdSchema, wholeNumber } from './envelope.ts';
import { ruleSchema, yearSchema } from './rule-schemas.ts';
import type { RuleName } from './rules.ts';

/**
 * The onboarding profile of docs/onboarding-model.md: the schema of every part a partner fills
 * in. Everything is a draft while it is typed, so a field may be empty (null); what is present
 * must follow its section 5 rule. What Submit needs is decided by onboarding-mandatory.ts.
 */

export const ONBOARDING_MODULE_CODES = ['GEN', 'STA', 'BNK', 'FIN', 'CRD', 'PTN', 'QHS', 'DEC'] as const;
export type OnboardingModuleCode = (typeof ONBOARDING_MODULE_CODES)[number];

/** Empty text and absent values are one thing: nothing entered yet. */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);

/**
 * One field of a part: the schema a request is checked with (a draft: empty is null, anything
 * else must pass the rule) and the plain schema of what is stored and answered.
 */
export interface DraftField<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

const stringOut = z.string().nullable();
const numberOut = z.number().nullable();

/** An optional draft value: null when nothing is entered, else it must pass `schema`. */
function draft<T extends z.ZodType, O extends z.ZodType>(schema: T, output: O) {
  return { input: z.preprocess(blankToNull, schema.nullable()).optional().default(null), output };
}
const draftString = <T extends z.ZodType>(schema: T) => draft(schema, stringOut);
const draftNumber = <T extends z.ZodType>(schema: T) => draft(schema, numberOut);

/** A text of at most `max` characters. */
export const draftText = (max: number) => draftString(z.string().max(max));
/** A value that follows a named rule of spec section 5, upper-cased first where the rule is upper case. */
export const draftRule = (rule: RuleName, { upper = false }: { upper?: boolean } = {}) =>
  draftString(upper ? z.string().toUpperCase().pipe(ruleSchema(rule)) : ruleSchema(rule));
/** A code of a reference list. */
const draftCode = draftString(z.string().max(20));
/** A numeric reference id (state, city, country). */
const draftId = draftNumber(wholeNumber().pipe(z.number().int().positive().max(2_147_483_647)));
/** A date as YYYY-MM-DD. */
const draftDate = draftString(z.iso.date({ error: 'validation.date' }));
/** The UniqueID of an uploaded file (POST /api/fileUpload). */
export const fileIdSchema = z.uuid({ error: 'validation.fileId' });
const draftFile = draftString(fileIdSchema);
/** A money amount: the Cost rule, held as text so that decimals are never rounded. */
const draftCost = draftRule('cost');
/** A profit may be a loss: the Cost rule with an optional minus sign. */
const draftSignedCost = draftString(z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, { error: 'rule.cost' }));
const draftYear = draftNumber(yearSchema());

type Fields = Record<string, DraftField>;
type InputShape<F extends Fields> = { [K in keyof F]: F[K]['input'] };
type OutputShape<F extends Fields> = { [K in keyof F]: F[K]['output'] };

const mapFields = <F extends Fields, S>(fields: F, pick: (f: DraftField) => S) =>
  Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, pick(f)]));

/** The request schema of a part (unknown fields refused). */
export const partInput = <F extends Fields>(fields: F) => z.object(mapFields(fields, (f) => f.input) as InputShape<F>).strict();
/** The stored and answered shape of a part. */
export const partOutput = <F extends Fields>(fields: F) => z.object(mapFields(fields, (f) => f.output) as OutputShape<F>);

/** Row ids: present when a saved row is changed, absent for a new one. */
const rowId = { input: rowIdSchema.optional(), output: z.number().int() };

// ---- GEN: general details, registered address, contacts -------------------------------------

export const generalFields = {
  ownershipType: draftCode,
  businessTypes: { input: z.array(z.string().max(20)).max(10).optional().default([]), output: z.array(z.string()) },
  yearOfIncorporation: draftYear,
  enterpriseSector: draftCode,
  website: draftString(z.string().max(300).pipe(ruleSchema('url'))),
  employees: draftNumber(wholeNumber('validation.numeric').pipe(z.number().min(0).max(10_000_000))),
  currencyCode: draftString(z.string().length(3)),
  profile: draftText(1000),
  logoFileId: draftFile,
};

export const addressFields = {
  line1: draftString(z.string().min(5).max(200)),
  line2: draftText(200),
  countryCode: draftId,
  stateId: draftId,
  cityId: draftId,
  postalCode: draftText(12),
};

export const contactFields = {
  id: rowId,
  departmentCode: draftCode,
  salutation: draftCode,
  name: draftRule('personName'),
  designation: draftRule('designation'),
  mobile: draftRule('universalMobile'),
  email: draftString(z.string().toLowerCase().max(100).pipe(ruleSchema('email'))),
};

// ---- STA: statutory details -------------------------------------------------------------------

export const statutoryFields = {
  pan: draftRule('pan', { upper: true }),
  panFileId: draftFile,
  tan: draftRule('tan', { upper: true }),
  cin: draftRule('cin', { upper: true }),
  llpin: draftRule('llpin', { upper: true }),
  firmRegistrationNumber: draftRule('firmRegistrationNumber', { upper: true }),
  incorporationFileId: draftFile,
  udyamNumber: draftRule('msme', { upper: true }),
  udyamFileId: draftFile,
  pfNumber: draftRule('pf', { upper: true }),
  pfOfficeCode: draftCode,
  esiNumber: draftRule('esi'),
  esiOfficeCode: draftCode,
  shopEstablishmentNumber: draftRule('shopEstablishmentNumber', { upper: true }),
  shopEstablishmentFileId: draftFile,
  shopEstablishmentExpiry: draftDate,
  factoryLicenceNumber: draftRule('llpin', { upper: true }),
  factoryLicenceFileId: draftFile,
  factoryLicenceExpiry: draftDate,
  aadhaarNumber: draftRule('aadhaar'),
  gstTdsNumber: draftRule('gst', { upper: true }),
};

export const gstinFields = {
  id: rowId,
  gstin: draftRule('gst', { upper: true }),
  registrationType: draftCode,
  certificateFileId: draftFile,
};

export const vatFields = {
  vatNumber: draftRule('vat', { upper: true }),
  taxAuthority: draftText(200),
  certificateFileId: draftFile,
};

// ---- BNK: bank accounts -----------------------------------------------------------------------

export const bankAccountFields = {
  id: rowId,
  accountHolderName: draftString(z.string().max(200).pipe(ruleSchema('companyName'))),
  accountNumber: draftString(z.string().max(34).pipe(ruleSchema('accountNumber'))),
  /** Typed twice to catch a slip; checked and never stored. */
  confirmAccountNumber: draftText(34),
  accountCategory: draftCode,
  accountType: draftCode,
  ifsc: draftRule('ifsc', { upper: true }),
  bankName: draftText(200),
  branchName: draftText(200),
  branchAddress: draftText(300),
  swiftCode: draftRule('swift', { upper: true }),
  iban: draftString(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z0-9]{8,34}$/, { error: 'validation.iban' }),
  ),
  paymentMode: draftCode,
  chequeFileId: draftFile,
};

// ---- FIN: financial details per financial year ------------------------------------------------

/** A financial year, April to March, written 2025-26. */
export const financialYearSchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/, { error: 'validation.financialYear' })
  .refine((fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)), { error: 'validation.financialYear' });
const financialYearField = { input: financialYearSchema, output: z.string() };

/** How many past financial years the profile asks for. */
export const FINANCIAL_YEARS_ASKED = 3;

/** The last completed financial years, newest first (India's year ends on 31 March). */
export function financialYears(now: Date = new Date()): string[] {
  const endYear = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
  return Array.from({ length: FINANCIAL_YEARS_ASKED }, (_, i) => {
    const end = endYear - i;
    return `${end - 1}-${String(end % 100).padStart(2, '0')}`;
  });
}

export const financialPerformanceFields = {
  financialYear: financialYearField,
  turnover: draftCost,
  profitBeforeTax: draftSignedCost,
  profitAfterTax: draftSignedCost,
};
export const financialStrengthFields = {
  financialYear: financialYearField,
  netWorth: draftSignedCost,
  paidUpCapital: draftCost,
  reserves: draftSignedCost,
  currentRatio: draftRule('ratio'),
  debtEquityRatio: draftRule('ratio'),
};
export const financialOthersFields = {
  financialYear: financialYearField,
  orderBookOnHand: draftCost,
  creditLimitSanctioned: draftCost,
};
export const financialStatementFields = {
  financialYear: financialYearField,
  fileId: draftFile,
};

// ---- CRD: credentials and capacity; PTN: partnership avenues and branches -------------------

export const factoryFields = {
  id: rowId,
  name: draftText(200),
  address: draftText(300),
  areaSqm: draftRule('nonNegativeNumber'),
  licenceNumber: draftText(40),
  installedCapacity: draftText(200),
};
export const warehouseFields = {
  id: rowId,
  name: draftText(200),
  address: draftText(300),
  areaSqm: draftRule('nonNegativeNumber'),
  holding: draftCode,
};
export const projectFields = {
  id: rowId,
  clientName: draftText(200),
  projectName: draftText(200),
  value: draftCost,
  completionYear: draftYear,
  completionFileId: draftFile,
};
export const bankerFields = {
  id: rowId,
  bankName: draftText(200),
  branchName: draftText(200),
  facilityType: draftCode,
  limit: draftCost,
};
export const ratingFields = {
  id: rowId,
  agencyCode: draftCode,
  rating: draftRule('creditRating', { upper: true }),
  ratedOn: draftDate,
};
export const customerFields = {
  id: rowId,
  customerName: draftText(200),
  sector: draftCode,
  shareOfTurnover: draftNumber(
    z.coerce.number({ error: 'rule.percentage' }).min(0, { error: 'rule.percentage' }).max(100, { error: 'rule.percentage' }),
  ),
};
export const membershipFields = {
  id: rowId,
  bodyCode: draftCode,
  membershipNumber: draftText(40),
};
export const erpFields = {
  id: rowId,
  erpCode: draftCode,
  sinceYear: draftYear,
};
export const avenueFields = {
  id: rowId,
  verticalCode: draftCode,
  clusterCode: draftCode,
  interest: draftCode,
  remarks: draftText(500),
};
export const branchFields = {
  id: rowId,
  branchName: draftString(z.string().min(2).max(200)),
  street: draftString(z.string().min(3).max(200)),
  stateId: draftId,
  cityId: draftId,
  postalCode: draftRule('indianPinCode'),
  gstin: draftRule('gst', { upper: true }),
};

// ---- Parts and lists, as request and answer schemas ---------------------------------------------

/** The postal code's rule follows the address's country (spec section 5). */
/** A postal code follows India's PIN rule at home, the international rule elsewhere. */
export function checkPostalCode(
  a: { countryCode: number | null; postalCode: string | null },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) {
  if (a.postalCode === null) return;
  const rule = ruleSchema(a.countryCode === DOMESTIC_COUNTRY_CODE ? 'indianPinCode' : 'internationalPostalCode');
  const result = rule.safeParse(a.postalCode);
  if (!result.success) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: result.error.issues[0]!.message });
}
export const addressInputSchema = partInput(addressFields).superRefine(checkPostalCode);
// The confirmation is checked against an account number given: with none, there is nothing it could mismatch.
export const bankAccountInputSchema = partInput(bankAccountFields).refine(
  (a) => a.confirmAccountNumber === null || a.accountNumber === null || a.confirmAccountNumber === a.accountNumber,
  { path: ['confirmAccountNumber'], error: 'validation.accountNumberMismatch' },
);

/** The single-record parts of the profile: request schema, answer schema, module. */
export const ONBOARDING_PARTS = {
  general: { module: 'GEN', input: partInput(generalFields), output: partOutput(generalFields) },
  address: { module: 'GEN', input: addressInputSchema, output: partOutput(addressFields) },
  statutory: { module: 'STA', input: partInput(statutoryFields), output: partOutput(statutoryFields) },
  vat: { module: 'STA', input: partInput(vatFields), output: partOutput(vatFields) },
} as const satisfies Record<string, { module: OnboardingModuleCode; input: z.ZodType; output: z.ZodType }>;
export type OnboardingPartName = keyof typeof ONBOARDING_PARTS;
export type PartValue<P extends OnboardingPartName> = z.output<(typeof ONBOARDING_PARTS)[P]['output']>;
export type GeneralDetails = PartValue<'general'>;
export type Address = PartValue<'address'>;
export type Statutory = PartValue<'statutory'>;
export type Vat = PartValue<'vat'>;

/**
 * The lists of the profile, each a list the partner adds rows to and deletes rows from. The name
 * is the key of the save body and of the profile answer; `module` is where it is filled in.
 */
export const ONBOARDING_LISTS = {
  contacts: { module: 'GEN', input: partInput(contactFields), output: partOutput(contactFields), max: 20 },
  gstins: {
    module: 'STA',
    input: partInput(gstinFields),
    // Set by the group (admin action "activate GST"), never by the partner's save; a GSTIN saved again needs it again.
    output: partOutput(gstinFields).extend({ activatedAt: z.string().nullable() }),
    max: 40,
  },
  bankAccounts: {
    module: 'BNK',
    input: bankAccountInputSchema,
    output: partOutput(bankAccountFields).omit({ confirmAccountNumber: true }),
    max: 10,
  },
  factories: { module: 'CRD', input: partInput(factoryFields), output: partOutput(factoryFields), max: 50 },
  warehouses: { module: 'CRD', input: partInput(warehouseFields), output: partOutput(warehouseFields), max: 50 },
  projects: { module: 'CRD', input: partInput(projectFields), output: partOutput(projectFields), max: 50 },
  bankers: { module: 'CRD', input: partInput(bankerFields), output: partOutput(bankerFields), max: 20 },
  ratings: { module: 'CRD', input: partInput(ratingFields), output: partOutput(ratingFields), max: 20 },
  customers: { module: 'CRD', input: partInput(customerFields), output: partOutput(customerFields), max: 50 },
  memberships: { module: 'CRD', input: partInput(membershipFields), output: partOutput(membershipFields), max: 20 },
  erpSystems: { module: 'CRD', input: partInput(erpFields), output: partOutput(erpFields), max: 10 },
  avenues: { module: 'PTN', input: partInput(avenueFields), output: partOutput(avenueFields), max: 50 },
  branches: { module: 'PTN', input: partInput(branchFields), output: partOutput(branchFields), max: 100 },
} as const satisfies Record<string, { module: OnboardingModuleCode; input: z.ZodType; output: z.ZodType; max: number }>;
export type OnboardingListName = keyof typeof ONBOARDING_LISTS;
/** The lists of credentials and capacity (module CRD), saved together by the credential calls. */
export const CREDENTIAL_LISTS = [
  'factories',
  'warehouses',
  'projects',
  'bankers',
  'ratings',
  'customers',
  'memberships',
  'erpSystems',
] as const satisfies readonly OnboardingListName[];
export type CredentialList = (typeof CREDENTIAL_LISTS)[number];

/**
 * A row of a list as its save takes it back: the fields the partner fills in and its id, without
 * what only the answer carries (a GSTIN's activation by the group), which the save would refuse
 * as an unknown field.
 */
export function listRowInput(list: OnboardingListName, row: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set(Object.keys(ONBOARDING_LISTS[list].input.shape));
  return Object.fromEntries(Object.entries(row).filter(([key]) => keys.has(key)));
}
export const ONBOARDING_LIST_NAMES = Object.keys(ONBOARDING_LISTS) as OnboardingListName[];
export type ListRow<L extends OnboardingListName> = z.output<(typeof ONBOARDING_LISTS)[L]['output']>;
export type Contact = ListRow<'contacts'>;
export type Gstin = ListRow<'gstins'>;
export type BankAccount = ListRow<'bankAccounts'>;

/** The year-by-year parts of FIN. */
export const FINANCIAL_PARTS = {
  performance: { input: partInput(financialPerformanceFields), output: partOutput(financialPerformanceFields) },
  strength: { input: partInput(financialStrengthFields), output: partOutput(financialStrengthFields) },
  others: { input: partInput(financialOthersFields), output: partOutput(financialOthersFields) },
  statements: { input: partInput(financialStatementFields), output: partOutput(financialStatementFields) },
} as const;
export type FinancialPartName = keyof typeof FINANCIAL_PARTS;
export type FinancialRow<P extends FinancialPartName> = z.output<(typeof FINANCIAL_PARTS)[P]['output']>;
export type FinancialPerformance = FinancialRow<'performance'>;
export type FinancialStrength = FinancialRow<'strength'>;
export type FinancialStatement = FinancialRow<'statements'>;

/** A save body of lists: each list given is saved row by row (new rows added, rows with an id changed). */
export function listsInput<L extends OnboardingListName>(names: readonly L[]) {
  const shape = Object.fromEntries(
    names.map((name) => {
      const list = ONBOARDING_LISTS[name];
      return [name, z.array(list.input).max(list.max).optional()];
    }),
  ) as { [K in L]: z.ZodOptional<z.ZodArray<(typeof ONBOARDING_LISTS)[K]['input']>> };
  return z.object(shape).strict();
}

/** The answer of a lists save: each list named, whole, as now stored. */
export function listsOutput<L extends OnboardingListName>(names: readonly L[]) {
  const shape = Object.fromEntries(names.map((name) => [name, z.array(ONBOARDING_LISTS[name].output)])) as {
    [K in L]: z.ZodArray<(typeof ONBOARDING_LISTS)[K]['output']>;
  };
  return z.object(shape);
}

// ---- Questions, declarations ------------------------------------------------------------------

export const QUESTION_KINDS = ['YESNO', 'TEXT', 'NUMBER', 'DATE', 'CHOICE', 'FILE'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** Which partners a question is asked of: domestic, international or both. */
export const QUESTION_APPLIES = ['D', 'I', 'DI'] as const;
export const YES_NO = ['Y', 'N'] as const;
/** The most files one answer holds (a Static question holds one). */
export const MAX_FILES_PER_ANSWER = 10;

export const answerInputSchema = z.object({
  questionId: rowIdSchema,
  value: draftText(2000).input,
  fileIds: z.array(fileIdSchema).max(MAX_FILES_PER_ANSWER).optional(),
  expiryDate: draftDate.input,
});
export type AnswerInput = z.output<typeof answerInputSchema>;

export const declarationAcceptanceInputSchema = z
  .object({
    accepted: z.literal(true, { error: 'rule.declarationAccepted' }),
    signatoryName: z.string().trim().pipe(ruleSchema('personName')),
    signatoryDesignation: z.string().trim().pipe(ruleSchema('designation')),
    place: z.string().trim().min(2).max(100),
  })
  .strict();
export type DeclarationAcceptanceInput = z.output<typeof declarationAcceptanceInputSchema>;

export const tdsDeclarationInputSchema = z
  .object({
    categoryCode: categoryCodeParam,
    companyCode: companyCodeParam,
    financialYear: financialYearSchema,
    accepted: z.literal(true, { error: 'rule.declarationAccepted' }),
    signatoryName: z.string().trim().pipe(ruleSchema('personName')),
    fileId: fileIdSchema.nullable().optional().default(null),
  })
  .strict();

// ---- Storage helpers shared by the server and the seed ------------------------------------------

/** What is kept of a parsed row: its id lives in the row's own column; a confirmation is never kept. */
export function rowData(parsed: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, confirmAccountNumber: _confirm, ...data } = parsed;
  return data;
}

/** The numbers of a profile's statutory details and bank accounts: the summary page's look-ups check them. */
export const STATUTORY_IDENTIFIER_KINDS = ['PAN', 'GST', 'TAN', 'VAT', 'CIN', 'LLPIN', 'UDYAM', 'BANK'] as const;
export type StatutoryIdentifierKind = (typeof STATUTORY_IDENTIFIER_KINDS)[number];
/** Every number forensics compares: the statutory ones and the contacts' mobiles and e-mails. */
export const IDENTIFIER_KINDS = [...STATUTORY_IDENTIFIER_KINDS, 'MOBILE', 'EMAIL'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** The numbers of a profile by which a duplicate at another partner is found. */
export function identifiersOf(p: {
  statutory: Partial<Statutory> | null;
  vat: Partial<Vat> | null;
  gstins: readonly Partial<Gstin>[];
  bankAccounts: readonly Partial<BankAccount>[];
  /** A contact's mobile or e-mail at another partner is a forensics signal too (issue 24). */
  contacts: readonly Partial<Pick<Contact, 'mobile' | 'email'>>[];
}): { kind: IdentifierKind; value: string }[] {
  const out = new Map<string, { kind: IdentifierKind; value: string }>();
  const add = (kind: IdentifierKind, value: string | null | undefined) => {
    if (value) out.set(`${kind}:${value}`, { kind, value });
  };
  add('PAN', p.statutory?.pan);
  add('TAN', p.statutory?.tan);
  add('CIN', p.statutory?.cin);
  add('LLPIN', p.statutory?.llpin);
  add('UDYAM', p.statutory?.udyamNumber);
  add('VAT', p.vat?.vatNumber);
  for (const g of p.gstins) add('GST', g.gstin);
  for (const b of p.bankAccounts) {
    const bank = b.ifsc ?? b.swiftCode;
    if (bank && b.accountNumber) add('BANK', bankIdentifier(bank, b.accountNumber));
  }
  for (const c of p.contacts) {
    add('MOBILE', c.mobile);
    add('EMAIL', c.email?.toLowerCase());
  }
  return [...out.values()];
}

/** A bank account as one identifier: the branch (IFSC, or SWIFT abroad) and the number. */
export const bankIdentifier = (bank: string, accountNumber: string) => `${bank}:${accountNumber}`;

/** Tags the group's declaration texts may use: formatting only, with no attributes. */
export const DECLARATION_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h4', 'h5', 'h6'] as const;
const DECLARATION_TAG = new RegExp(`^</?(?:${DECLARATION_TAGS.join('|')})\\s*/?>`, 'i');

/**
 * A declaration text staff write and partners' pages show as HTML: every '<' must open one of the
 * formatting tags, bare. Refusing anything else (scripts, attributes, comments) is simpler to trust
 * than cleaning it, and the writer sees why.
 */
export const declarationHtmlSchema = z
  .string()
  .trim()
  .min(20)
  .max(20_000)
  .refine((html) => [...html.matchAll(/</g)].every((m) => DECLARATION_TAG.test(html.slice(m.index))), {
    error: 'rule.declarationHtml',
  });
