import type { UserRole } from './constants.ts';

/**
 * Staff permissions of spec section 6. The spec names them but not who holds them; this table is
 * our decision (docs/decisions/002-staff-permissions.md), kept in one place for server and web.
 */
export const PERMISSIONS = [
  'customerAdmin',
  'reportsAdmin',
  'technicalAdmin',
  'allowEditVendorMaster',
  'allowAdminAddBank',
  'allowViewGrievanceDashboard',
  'allowViewCustomerDashboard',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  PARTNER: [],
  BUYER: ['allowViewGrievanceDashboard', 'allowViewCustomerDashboard'],
  APPROVER: ['allowViewGrievanceDashboard', 'allowViewCustomerDashboard'],
  FINANCE: ['allowAdminAddBank', 'allowViewCustomerDashboard'],
  ADMIN: [...PERMISSIONS],
  SEGREGATOR: [],
  CATEGORIZER: [],
  FORENSICS: ['allowViewGrievanceDashboard'],
  REPORTS: ['reportsAdmin', 'allowViewGrievanceDashboard'],
};

export function hasPermission(role: UserRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
