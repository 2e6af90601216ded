import type {
  Address,
  BankAccount,
  Contact,
  FinancialPerformance,
  FinancialStatement,
  FinancialStrength,
  GeneralDetails,
  Gstin,
  OnboardingModuleCode,
  Statutory,
  Vat,
} from './onboarding.ts';

/**
 * What Submit needs (docs/onboarding-model.md, "Mandatory"): one function over a profile that
 * lists every mandatory item with whether it holds a value. The three checks of spec section 7,
 * the percentages and the refused-submit message all read this list, so they cannot disagree.
 */

export type MandatoryCheck = 'fields' | 'questions' | 'static';

export interface MandatoryItem {
  moduleCode: OnboardingModuleCode;
  check: MandatoryCheck;
  /** The field's label key in the contract messages (`field.<part>.<name>`, `item.<name>`). */
  label: string;
  /** Where the value lives: `statutory.pan`, `bankAccounts.1.ifsc`, `question.701`, … */
  path: string;
  /** A question's own text (questions are data, not messages). */
  text?: string;
  /** The 1-based row of a list the item belongs to. */
  row?: number;
  satisfied: boolean;
}

export interface QuestionState {
  questionId: number;
  moduleCode: OnboardingModuleCode;
  kind: string;
  mandatory: boolean;
  isStatic: boolean;
  text: string;
  value: string | null;
  fileCount: number;
}

/** Everything of one profile the mandatory rules look at. */
export interface ProfileSnapshot {
  international: boolean;
  /** The business (level-1 category) of the profile, e.g. SUP or INF-CON. */
  categoryCode: string;
  yearOfIncorporationMandatory: boolean;
  /** Which registration number the ownership type carries (reference list OWNERSHIP_TYPE). */
  registrationOf: (ownershipType: string) => 'cin' | 'llpin' | 'frn' | 'none';
  general: GeneralDetails | null;
  address: Address | null;
  statutory: Statutory | null;
  vat: Vat | null;
  contacts: Contact[];
  gstins: Gstin[];
  bankAccounts: BankAccount[];
  factories: unknown[];
  projects: unknown[];
  customers: unknown[];
  performance: FinancialPerformance[];
  strength: FinancialStrength[];
  statements: FinancialStatement[];
  /** The financial years asked, newest first. */
  financialYears: string[];
  questions: QuestionState[];
  declarationAccepted: boolean;
  tdsDeclared: boolean;
}

/** Business categories whose partners are contractors: a completed project is their proof. */
export const CONTRACTOR_CATEGORIES = ['SUB', 'INF-CON'] as const;
/** Employee counts from which PF (20) and ESI (10) registration is the law. */
export const PF_EMPLOYEE_THRESHOLD = 20;
export const ESI_EMPLOYEE_THRESHOLD = 10;
export const MSME_SECTORS = ['MICRO', 'SMALL', 'MEDIUM'] as const;
/** The contact departments Submit needs one person of. */
export const REQUIRED_CONTACT_DEPARTMENTS = ['ACCTS', 'SALES'] as const;
/** The question "registered under GST?" whose answer N waives the GSTIN list. */
export const GST_REGISTERED_QUESTION_ID = 201;

const has = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

export function mandatoryItems(p: ProfileSnapshot): MandatoryItem[] {
  const items: MandatoryItem[] = [];
  const field = (moduleCode: OnboardingModuleCode, part: string, name: string, value: unknown, row?: number) =>
    items.push({
      moduleCode,
      check: 'fields',
      label: `field.${part}.${name}`,
      path: row === undefined ? `${part}.${name}` : `${part}.${row - 1}.${name}`,
      ...(row === undefined ? {} : { row }),
      satisfied: has(value),
    });
  const item = (moduleCode: OnboardingModuleCode, name: string, satisfied: boolean) =>
    items.push({ moduleCode, check: 'fields', label: `item.${name}`, path: name, satisfied });
  const domestic = !p.international;

  // GEN
  const g = p.general;
  field('GEN', 'general', 'ownershipType', g?.ownershipType);
  field('GEN', 'general', 'businessTypes', g?.businessTypes);
  if (p.yearOfIncorporationMandatory) field('GEN', 'general', 'yearOfIncorporation', g?.yearOfIncorporation);
  if (domestic) field('GEN', 'general', 'enterpriseSector', g?.enterpriseSector);
  else field('GEN', 'general', 'currencyCode', g?.currencyCode);
  const a = p.address;
  field('GEN', 'address', 'line1', a?.line1);
  field('GEN', 'address', 'countryCode', a?.countryCode);
  if (domestic) {
    field('GEN', 'address', 'stateId', a?.stateId);
    field('GEN', 'address', 'cityId', a?.cityId);
  }
  field('GEN', 'address', 'postalCode', a?.postalCode);
  for (const department of REQUIRED_CONTACT_DEPARTMENTS) {
    item(
      'GEN',
      `contact${department}`,
      p.contacts.some((c) => c.departmentCode === department && has(c.name) && has(c.email)),
    );
  }
  p.contacts.forEach((c, i) => {
    for (const name of ['departmentCode', 'name', 'designation', 'mobile', 'email'] as const)
      field('GEN', 'contacts', name, c[name], i + 1);
  });

  // STA
  const s = p.statutory;
  const answer = (id: number) => p.questions.find((q) => q.questionId === id)?.value ?? null;
  if (domestic) {
    field('STA', 'statutory', 'pan', s?.pan);
    field('STA', 'statutory', 'panFileId', s?.panFileId);
    if (answer(GST_REGISTERED_QUESTION_ID) !== 'N') {
      item(
        'STA',
        'gstin',
        p.gstins.some((r) => has(r.gstin)),
      );
      p.gstins.forEach((r, i) => {
        field('STA', 'gstins', 'gstin', r.gstin, i + 1);
        field('STA', 'gstins', 'certificateFileId', r.certificateFileId, i + 1);
      });
    }
    const registration = g?.ownershipType ? p.registrationOf(g.ownershipType) : 'none';
    if (registration === 'cin') field('STA', 'statutory', 'cin', s?.cin);
    if (registration === 'llpin') field('STA', 'statutory', 'llpin', s?.llpin);
    if (registration === 'frn') field('STA', 'statutory', 'firmRegistrationNumber', s?.firmRegistrationNumber);
    if (registration !== 'none') field('STA', 'statutory', 'incorporationFileId', s?.incorporationFileId);
    if (g?.ownershipType === 'PROP') field('STA', 'statutory', 'aadhaarNumber', s?.aadhaarNumber);
    if (g?.enterpriseSector && (MSME_SECTORS as readonly string[]).includes(g.enterpriseSector)) {
      field('STA', 'statutory', 'udyamNumber', s?.udyamNumber);
      field('STA', 'statutory', 'udyamFileId', s?.udyamFileId);
    }
    const employees = g?.employees ?? 0;
    if (employees >= PF_EMPLOYEE_THRESHOLD) field('STA', 'statutory', 'pfNumber', s?.pfNumber);
    if (employees >= ESI_EMPLOYEE_THRESHOLD) field('STA', 'statutory', 'esiNumber', s?.esiNumber);
    if (p.factories.length > 0) {
      field('STA', 'statutory', 'factoryLicenceNumber', s?.factoryLicenceNumber);
      field('STA', 'statutory', 'factoryLicenceFileId', s?.factoryLicenceFileId);
    }
  } else {
    field('STA', 'vat', 'vatNumber', p.vat?.vatNumber);
    field('STA', 'vat', 'certificateFileId', p.vat?.certificateFileId);
  }

  // BNK
  item('BNK', 'bankAccount', p.bankAccounts.length > 0);
  item('BNK', 'onePrimaryAccount', p.bankAccounts.filter((b) => b.accountType === 'P').length === 1);
  p.bankAccounts.forEach((b, i) => {
    const names = [
      'accountHolderName',
      'accountNumber',
      'accountCategory',
      'accountType',
      'bankName',
      'paymentMode',
      'chequeFileId',
    ] as const;
    for (const name of names) field('BNK', 'bankAccounts', name, b[name], i + 1);
    field('BNK', 'bankAccounts', domestic ? 'ifsc' : 'swiftCode', domestic ? b.ifsc : b.swiftCode, i + 1);
  });

  // FIN: a partner younger than the years asked answers for the years it has.
  const since = g?.yearOfIncorporation ?? null;
  const existed = (fy: string) => since === null || Number(fy.slice(0, 4)) + 1 > since;
  const [latest, previous] = p.financialYears;
  for (const fy of [latest, previous].filter((y): y is string => y !== undefined && existed(y))) {
    const perf = p.performance.find((r) => r.financialYear === fy);
    for (const name of ['turnover', 'profitBeforeTax', 'profitAfterTax'] as const) {
      items.push({
        moduleCode: 'FIN',
        check: 'fields',
        label: `field.performance.${name}`,
        path: `performance.${fy}.${name}`,
        text: fy,
        satisfied: has(perf?.[name]),
      });
    }
    if (domestic) {
      const statement = p.statements.find((r) => r.financialYear === fy);
      items.push({
        moduleCode: 'FIN',
        check: 'fields',
        label: 'field.statements.fileId',
        path: `statements.${fy}.fileId`,
        text: fy,
        satisfied: has(statement?.fileId),
      });
    }
  }
  if (latest && existed(latest)) {
    const strength = p.strength.find((r) => r.financialYear === latest);
    for (const name of ['netWorth', 'paidUpCapital'] as const) {
      items.push({
        moduleCode: 'FIN',
        check: 'fields',
        label: `field.strength.${name}`,
        path: `strength.${latest}.${name}`,
        text: latest,
        satisfied: has(strength?.[name]),
      });
    }
  }

  // CRD
  if ((CONTRACTOR_CATEGORIES as readonly string[]).includes(p.categoryCode)) item('CRD', 'project', p.projects.length > 0);
  else item('CRD', 'customer', p.customers.length > 0);

  // Questions of every module
  for (const q of p.questions) {
    if (!q.mandatory) continue;
    const isFile = q.kind === 'FILE';
    items.push({
      moduleCode: q.moduleCode,
      check: isFile && q.isStatic ? 'static' : 'questions',
      label: 'item.question',
      path: `question.${q.questionId}`,
      text: q.text,
      satisfied: isFile ? q.fileCount > 0 : has(q.value),
    });
  }

  // DEC
  item('DEC', 'declarationAccepted', p.declarationAccepted);
  if (domestic) item('DEC', 'tdsDeclaration', p.tdsDeclared);
  return items;
}

/** Percentage of the satisfied items, whole, rounded down (100 only when nothing is missing). */
export function percentageOf(items: readonly MandatoryItem[]): number {
  if (items.length === 0) return 100;
  return Math.floor((100 * items.filter((i) => i.satisfied).length) / items.length);
}
