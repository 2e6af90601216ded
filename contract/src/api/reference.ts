import { z } from 'zod';
import { MISC_TYPE_CODES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { categoryCodeParam, companyCodeParam, envelope, idParamSchema, wholeNumber } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { addBankBranchBodySchema } from './bank-branch-form.ts';

/** One entry of a code list (ownership types, departments, misc types, …). */
export const referenceItemSchema = z.object({ code: z.string(), name: z.string() });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

export const countrySchema = z.object({
  countryCode: z.number().int(),
  countryName: z.string(),
  isoCode: z.string(),
  isdCode: z.string(),
});
export const stateSchema = z.object({ stateId: z.number().int(), stateName: z.string(), gstStateCode: z.string().nullable() });
export const citySchema = z.object({ cityId: z.number().int(), cityName: z.string() });
export const ownershipTypeSchema = referenceItemSchema.extend({
  /** The fourth letter of a PAN held by this legal form. */
  panLetter: z.string(),
  /** The registration number this form carries: CIN, LLPIN, firm registration number, or none. */
  registration: z.enum(['cin', 'llpin', 'frn', 'none']),
});
export const businessTypeSchema = referenceItemSchema.extend({ categoryCode: z.string() });
export const currencySchema = z.object({ currencyCode: z.string(), currencyName: z.string(), symbol: z.string() });
export const currencyUnitSchema = z.object({ unitCode: z.string(), unitName: z.string(), multiplier: z.number() });
export const bankSchema = z.object({ bankCode: z.string(), bankName: z.string(), swiftCode: z.string().nullable() });
export const bankBranchSchema = z.object({
  ifsc: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  address: z.string(),
  cityName: z.string(),
  stateName: z.string(),
  micr: z.string().nullable(),
});
export type BankBranch = z.infer<typeof bankBranchSchema>;
export const employmentOfficeSchema = z.object({
  officeCode: z.string(),
  officeName: z.string(),
  address: z.string(),
  stateName: z.string(),
});
export const clusterElementSchema = referenceItemSchema.extend({ parentCode: z.string().nullable() });
export const fileTypeSchema = z.object({ fileType: z.string() });

const companyParams = z.object({ companyCode: companyCodeParam });
const list = <T extends z.ZodType>(item: T) => envelope(z.array(item));
const session = { tags: ['reference'], access: 'session' } as const;

/** Reference data of the onboarding forms (spec section 7, "Onboarding data"), all from fixtures/. */
export const referenceEndpoints = {
  countries: endpoint({ ...session, method: 'GET', path: '/api/country', summary: 'Countries', response: list(countrySchema) }),
  states: endpoint({
    ...session,
    method: 'GET',
    path: '/api/state/country/:countryCode',
    summary: 'States of a country (with the GST state code for India)',
    params: z.object({ countryCode: idParamSchema }),
    response: list(stateSchema),
  }),
  cities: endpoint({
    ...session,
    method: 'GET',
    path: '/api/city/state/:stateId',
    summary: 'Cities of a state',
    params: z.object({ stateId: idParamSchema }),
    response: list(citySchema),
  }),
  miscTypeDetails: endpoint({
    ...session,
    method: 'GET',
    path: '/api/misc-type-details/misc-code/:miscCode',
    summary: `Code list of a misc type (${MISC_TYPE_CODES.join(', ')}); docs/onboarding-model.md says what each is`,
    params: z.object({
      // A literal set, so the OpenAPI document lists the codes allowed (an enum), not any integer.
      miscCode: wholeNumber().pipe(
        z.literal(MISC_TYPE_CODES, { error: `Misc code must be one of ${MISC_TYPE_CODES.join(', ')}` }),
      ),
    }),
    response: list(referenceItemSchema),
  }),
  pfOffices: endpoint({
    ...session,
    method: 'GET',
    path: '/api/employment-address/pf',
    summary: 'EPFO regional offices (where a PF establishment is registered)',
    response: list(employmentOfficeSchema),
  }),
  esiOffices: endpoint({
    ...session,
    method: 'GET',
    path: '/api/employment-address/esi',
    summary: 'ESIC regional offices',
    response: list(employmentOfficeSchema),
  }),
  ownershipTypes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/ownership-types',
    summary: 'Legal forms of a partner',
    response: list(ownershipTypeSchema),
  }),
  companyBusinessTypes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/business-category/business-types/company-code/:companyCode',
    summary: 'Business types of every business of a group company',
    params: companyParams,
    response: list(businessTypeSchema),
  }),
  partnerBusinessTypes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/partner-business-types/category/:categoryCode/company-code/:companyCode',
    summary: 'Business types of one business of a group company',
    params: z.object({ categoryCode: categoryCodeParam, companyCode: companyCodeParam }),
    response: list(businessTypeSchema),
  }),
  currencies: endpoint({
    ...session,
    method: 'GET',
    path: '/api/currency',
    summary: 'Currencies',
    response: list(currencySchema),
  }),
  countryCurrencies: endpoint({
    ...session,
    method: 'GET',
    path: '/api/currency/country-code/:countryCode',
    summary: 'Currencies a partner of a country may do business in',
    params: z.object({ countryCode: idParamSchema }),
    response: list(currencySchema),
  }),
  currencyUnits: endpoint({
    ...session,
    method: 'GET',
    path: '/api/currency-units/:currencyCode',
    summary: 'Units amounts of a currency are given in (lakh, crore, million, …)',
    params: z.object({ currencyCode: z.string().regex(/^[A-Z]{3}$/, { error: 'validation.currencyCode' }) }),
    response: list(currencyUnitSchema),
  }),
  banks: endpoint({ ...session, method: 'GET', path: '/api/bank', summary: 'Banks', response: list(bankSchema) }),
  banksByName: endpoint({
    ...session,
    method: 'GET',
    path: '/api/bank/bank-name/:name',
    summary: 'Banks whose name contains the text',
    params: z.object({ name: z.string().trim().min(2).max(100) }),
    response: list(bankSchema),
  }),
  bankAccountCategories: endpoint({
    ...session,
    method: 'GET',
    path: '/api/bank-account-category',
    summary: 'Kinds of bank account',
    response: list(referenceItemSchema),
  }),
  bankAccountTypes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/bank-account-types',
    summary: 'Primary or secondary account',
    response: list(referenceItemSchema),
  }),
  ifscBranch: endpoint({
    ...session,
    method: 'GET',
    path: '/api/bank-branches/ifsc-code/:code',
    summary: 'The bank branch of an IFSC (404 when no branch has it)',
    params: z.object({ code: z.string().trim().toUpperCase().pipe(ruleSchema('ifsc')) }),
    response: envelope(bankBranchSchema),
  }),
  addBankBranch: endpoint({
    method: 'POST',
    path: '/api/admin/bank-branches',
    summary: 'Add a bank branch to the IFSC master (staff)',
    tags: ['reference'],
    access: { permission: 'allowAdminAddBank' },
    body: addBankBranchBodySchema,
    response: envelope(bankBranchSchema),
  }),
  clusterVerticals: endpoint({
    ...session,
    method: 'GET',
    path: '/api/cluster-elements-details/cecode/2/companyCode/:companyCode',
    summary: 'Business verticals of a group company (partnership avenues)',
    params: companyParams,
    response: list(clusterElementSchema),
  }),
  clusters: endpoint({
    ...session,
    method: 'GET',
    path: '/api/cluster-elements-details/cecode/6/parent-ced-code/:parentCode/companyCode/:companyCode',
    summary: 'Clusters under a vertical',
    params: z.object({ parentCode: z.string().trim().min(1).max(20), companyCode: companyCodeParam }),
    response: list(clusterElementSchema),
  }),
  ratingAgencies: endpoint({
    ...session,
    method: 'GET',
    path: '/api/rating-agency',
    summary: 'Credit rating agencies',
    response: list(referenceItemSchema),
  }),
  contactDepartments: endpoint({
    ...session,
    method: 'GET',
    path: '/api/contact-department',
    summary: 'Departments of contact persons',
    response: list(referenceItemSchema),
  }),
  paymentModes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/payment-mode',
    summary: 'How the group pays',
    response: list(referenceItemSchema),
  }),
  enterpriseSectors: endpoint({
    ...session,
    method: 'GET',
    path: '/api/enterprise-sector',
    summary: 'MSME classification',
    response: list(referenceItemSchema),
  }),
  fileTypes: endpoint({
    ...session,
    method: 'GET',
    path: '/api/file-types/module-code/:moduleCode',
    summary: 'File types accepted for a module (ONB: onboarding documents, PTM: profile pictures)',
    params: z.object({ moduleCode: z.string().trim().min(2).max(10) }),
    response: list(fileTypeSchema),
  }),
};
