import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

export function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, name), 'utf8')) as T;
}

export interface GroupCompanyFixture {
  companyCode: number;
  companyName: string;
  longDesc: string;
}
export interface CountryFixture {
  countryCode: number;
  countryName: string;
  isoCode: string;
  isdCode: string;
  registrationOpen: boolean;
  identityCards: { identityCard: string; longDesc: string; pattern: string; example: string }[];
}
export interface BusinessTermsFixture {
  default: string;
  byCompanyAndCategory: { companyCode: number; categoryCode: string; extra: string }[];
}
export interface ControlParameterFixture {
  paramKey: string;
  paramValue: string;
}
export interface BusinessCategoryFixture {
  categoryCode: string;
  categoryName: string;
  level: number;
  parentCode: string | null;
  companyCode: number;
}
export interface PortalMessageFixture {
  messageTypeId: number;
  message: string;
  sortOrder: number;
}
export interface DemoAccountsFixture {
  password: string;
  partner: {
    username: string;
    displayName: string;
    email: string;
    mobileNumber: string;
    partner: {
      partnerNumber: string;
      organizationName: string;
      coordinationPerson: string;
      designation: string;
      longDesc: string;
      website: string;
      countryCode: number;
      onboardStatus: 'Edit' | 'View' | 'Approved';
      currentCompanyCode: number;
      currentCategoryCode: string;
      mappings: { companyCode: number; categoryCode: string; isDefault: boolean; isPrimary: boolean }[];
      notifications: string[];
    };
  };
  staff: { username: string; displayName: string; role: string }[];
}

export const fixtures = {
  groupCompanies: () => readFixture<GroupCompanyFixture[]>('group-companies.json'),
  countries: () => readFixture<CountryFixture[]>('countries.json'),
  businessCategories: () => readFixture<BusinessCategoryFixture[]>('business-categories.json'),
  portalMessages: () => readFixture<PortalMessageFixture[]>('portal-messages.json'),
  businessTerms: () => readFixture<BusinessTermsFixture>('business-terms.json'),
  controlParameters: () => readFixture<ControlParameterFixture[]>('control-parameters.json'),
  demoAccounts: () => readFixture<DemoAccountsFixture>('demo-accounts.json'),
};
