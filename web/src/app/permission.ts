import { accessEndpoints } from '@pp/contract';
import { callData } from '../api/client.ts';

/**
 * Asks the server whether the user holds a staff permission. Loaded only by the two guarded staff
 * pages, so other pages do not carry the contract's schemas.
 */
export async function holdsPermission(permission: 'customerAdmin' | 'grievanceDashboard'): Promise<boolean> {
  const endpoint = permission === 'customerAdmin' ? accessEndpoints.isCustomerAdmin : accessEndpoints.allowViewGrievanceDashboard;
  return (await callData(endpoint)) === true;
}
