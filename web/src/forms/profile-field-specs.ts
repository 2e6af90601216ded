import { DOMESTIC_COUNTRY_CODE } from '@pp/contract';
import type { OptionSource } from './profile-options.ts';

/**
 * How each field of a part is shown: its control, where a select's options come from, and which
 * look-up checks it as it is left. Labels are the contract's `field.<part>.<name>` messages; the
 * rules are the contract schemas' (client and server alike).
 */
export type FieldSpec =
  | {
      name: string;
      kind: 'text' | 'textarea' | 'date' | 'number';
      upper?: boolean;
      digits?: boolean;
      statutory?: string;
      lookup?: 'ifsc';
      readOnly?: boolean;
    }
  | { name: string; kind: 'select'; source: OptionSource; numeric?: boolean }
  | { name: string; kind: 'checks'; source: OptionSource }
  | { name: string; kind: 'file' };

export const FIELD_SPECS = {
  general: [
    { name: 'ownershipType', kind: 'select', source: 'ownershipTypes' },
    { name: 'businessTypes', kind: 'checks', source: 'businessTypes' },
    { name: 'yearOfIncorporation', kind: 'number', digits: true },
    { name: 'enterpriseSector', kind: 'select', source: 'enterpriseSectors' },
    { name: 'employees', kind: 'number', digits: true },
    { name: 'website', kind: 'text' },
    { name: 'currencyCode', kind: 'select', source: 'currencies' },
    { name: 'profile', kind: 'textarea' },
    { name: 'logoFileId', kind: 'file' },
  ],
  address: [
    { name: 'line1', kind: 'text' },
    { name: 'line2', kind: 'text' },
    { name: 'countryCode', kind: 'select', source: 'countries', numeric: true },
    { name: 'stateId', kind: 'select', source: { states: 'countryCode' }, numeric: true },
    { name: 'cityId', kind: 'select', source: { cities: 'stateId' }, numeric: true },
    { name: 'postalCode', kind: 'text', upper: true },
  ],
  contacts: [
    { name: 'departmentCode', kind: 'select', source: 'departments' },
    { name: 'salutation', kind: 'select', source: { misc: 24 } },
    { name: 'name', kind: 'text' },
    { name: 'designation', kind: 'text' },
    { name: 'mobile', kind: 'text', digits: true },
    { name: 'email', kind: 'text' },
  ],
  statutory: [
    { name: 'pan', kind: 'text', upper: true, statutory: 'pan' },
    { name: 'panFileId', kind: 'file' },
    { name: 'cin', kind: 'text', upper: true, statutory: 'cin' },
    { name: 'llpin', kind: 'text', upper: true, statutory: 'llpin' },
    { name: 'firmRegistrationNumber', kind: 'text', upper: true, statutory: 'frn' },
    { name: 'incorporationFileId', kind: 'file' },
    { name: 'tan', kind: 'text', upper: true, statutory: 'tan' },
    { name: 'udyamNumber', kind: 'text', upper: true, statutory: 'msme' },
    { name: 'udyamFileId', kind: 'file' },
    { name: 'pfNumber', kind: 'text', upper: true, statutory: 'pfnumber' },
    { name: 'pfOfficeCode', kind: 'select', source: 'pfOffices' },
    { name: 'esiNumber', kind: 'text', digits: true, statutory: 'esinumber' },
    { name: 'esiOfficeCode', kind: 'select', source: 'esiOffices' },
    { name: 'aadhaarNumber', kind: 'text', digits: true, statutory: 'aadhaar' },
    { name: 'shopEstablishmentNumber', kind: 'text', upper: true, statutory: 'sern' },
    { name: 'shopEstablishmentExpiry', kind: 'date' },
    { name: 'shopEstablishmentFileId', kind: 'file' },
    { name: 'factoryLicenceNumber', kind: 'text', upper: true, statutory: 'factoryInspectorCfnumber' },
    { name: 'factoryLicenceExpiry', kind: 'date' },
    { name: 'factoryLicenceFileId', kind: 'file' },
    { name: 'gstTdsNumber', kind: 'text', upper: true, statutory: 'gst' },
  ],
  gstins: [
    { name: 'gstin', kind: 'text', upper: true, statutory: 'gst' },
    { name: 'registrationType', kind: 'select', source: { misc: 25 } },
    { name: 'certificateFileId', kind: 'file' },
  ],
  vat: [
    { name: 'vatNumber', kind: 'text', upper: true, statutory: 'vat' },
    { name: 'taxAuthority', kind: 'text' },
    { name: 'certificateFileId', kind: 'file' },
  ],
  bankAccounts: [
    { name: 'accountHolderName', kind: 'text' },
    { name: 'accountNumber', kind: 'text' },
    { name: 'confirmAccountNumber', kind: 'text' },
    { name: 'accountCategory', kind: 'select', source: 'accountCategories' },
    { name: 'accountType', kind: 'select', source: 'accountTypes' },
    { name: 'ifsc', kind: 'text', upper: true, lookup: 'ifsc' },
    { name: 'bankName', kind: 'text' },
    { name: 'branchName', kind: 'text' },
    { name: 'branchAddress', kind: 'text' },
    { name: 'swiftCode', kind: 'text', upper: true },
    { name: 'iban', kind: 'text', upper: true },
    { name: 'paymentMode', kind: 'select', source: 'paymentModes' },
    { name: 'chequeFileId', kind: 'file' },
  ],
  factories: [
    { name: 'name', kind: 'text' },
    { name: 'address', kind: 'text' },
    { name: 'areaSqm', kind: 'number' },
    { name: 'licenceNumber', kind: 'text' },
    { name: 'installedCapacity', kind: 'text' },
  ],
  warehouses: [
    { name: 'name', kind: 'text' },
    { name: 'address', kind: 'text' },
    { name: 'areaSqm', kind: 'number' },
    { name: 'holding', kind: 'select', source: { misc: 14 } },
  ],
  projects: [
    { name: 'clientName', kind: 'text' },
    { name: 'projectName', kind: 'text' },
    { name: 'value', kind: 'number' },
    { name: 'completionYear', kind: 'number', digits: true },
    { name: 'completionFileId', kind: 'file' },
  ],
  bankers: [
    { name: 'bankName', kind: 'text' },
    { name: 'branchName', kind: 'text' },
    { name: 'facilityType', kind: 'select', source: { misc: 3 } },
    { name: 'limit', kind: 'number' },
  ],
  ratings: [
    { name: 'agencyCode', kind: 'select', source: 'ratingAgencies' },
    { name: 'rating', kind: 'text', upper: true },
    { name: 'ratedOn', kind: 'date' },
  ],
  customers: [
    { name: 'customerName', kind: 'text' },
    { name: 'sector', kind: 'select', source: { misc: 15 } },
    { name: 'shareOfTurnover', kind: 'number' },
  ],
  memberships: [
    { name: 'bodyCode', kind: 'select', source: { misc: 5 } },
    { name: 'membershipNumber', kind: 'text' },
  ],
  erpSystems: [
    { name: 'erpCode', kind: 'select', source: { misc: 4 } },
    { name: 'sinceYear', kind: 'number', digits: true },
  ],
  avenues: [
    { name: 'verticalCode', kind: 'select', source: 'verticals' },
    { name: 'clusterCode', kind: 'select', source: { clusters: 'verticalCode' } },
    { name: 'interest', kind: 'select', source: { misc: 26 } },
    { name: 'remarks', kind: 'text' },
  ],
  branches: [
    { name: 'branchName', kind: 'text' },
    { name: 'street', kind: 'text' },
    { name: 'stateId', kind: 'select', source: { states: 100 }, numeric: true },
    { name: 'cityId', kind: 'select', source: { cities: 'stateId' }, numeric: true },
    { name: 'postalCode', kind: 'text', digits: true },
    { name: 'gstin', kind: 'text', upper: true, statutory: 'gst' },
  ],
  performance: [
    { name: 'turnover', kind: 'number' },
    { name: 'profitBeforeTax', kind: 'number' },
    { name: 'profitAfterTax', kind: 'number' },
  ],
  strength: [
    { name: 'netWorth', kind: 'number' },
    { name: 'paidUpCapital', kind: 'number' },
    { name: 'reserves', kind: 'number' },
    { name: 'currentRatio', kind: 'text' },
    { name: 'debtEquityRatio', kind: 'text' },
  ],
  others: [
    { name: 'orderBookOnHand', kind: 'number' },
    { name: 'creditLimitSanctioned', kind: 'number' },
  ],
  // A customer of the group (staff's /CustomerRegistration): master data with the address beside it.
  customer: [
    { name: 'companyCode', kind: 'select', source: 'groupCompanies', numeric: true },
    { name: 'name', kind: 'text' },
    { name: 'pan', kind: 'text', upper: true, statutory: 'pan' },
    { name: 'gstin', kind: 'text', upper: true, statutory: 'gst' },
    { name: 'email', kind: 'text' },
    { name: 'mobileNumber', kind: 'text', digits: true },
    { name: 'line1', kind: 'text' },
    { name: 'line2', kind: 'text' },
    { name: 'countryCode', kind: 'select', source: 'countries', numeric: true },
    { name: 'stateId', kind: 'select', source: { states: 'countryCode' }, numeric: true },
    { name: 'cityId', kind: 'select', source: { cities: 'stateId' }, numeric: true },
    { name: 'postalCode', kind: 'text', upper: true },
  ],
  customerBranch: [
    { name: 'name', kind: 'text' },
    { name: 'gstin', kind: 'text', upper: true, statutory: 'gst' },
    { name: 'stateId', kind: 'select', source: { states: DOMESTIC_COUNTRY_CODE }, numeric: true },
    { name: 'city', kind: 'text' },
    { name: 'address', kind: 'text' },
  ],
  customerBank: [
    { name: 'accountHolderName', kind: 'text' },
    { name: 'accountNumber', kind: 'text', digits: true },
    { name: 'ifsc', kind: 'text', upper: true },
  ],
} as const satisfies Record<string, readonly FieldSpec[]>;
export type SpecName = keyof typeof FIELD_SPECS;

/**
 * The columns a list's table shows, where its first four fields would not say which row is which
 * (a confirmation field, a salutation); fields hidden for the partner's kind drop out.
 */
export const LIST_COLUMNS: Partial<Record<SpecName, readonly string[]>> = {
  contacts: ['departmentCode', 'name', 'designation', 'mobile', 'email'],
  bankAccounts: ['accountHolderName', 'accountNumber', 'accountType', 'ifsc', 'swiftCode', 'bankName'],
  branches: ['branchName', 'street', 'cityId', 'postalCode'],
};
