import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AddBankBranchBody,
  type AdminActionBody,
  type AdminActionName,
  adminEndpoints,
  companyEndpoints,
  customerEndpoints,
  type Endpoint,
  referenceEndpoints,
  reviewEndpoints,
  workflowEndpoints,
} from '@pp/contract';
import { callData } from '../api/client.ts';
import { workflowKeys } from './requests-api.ts';

/** What the summary page reads of one request besides its place (queue-api.ts): its history, its statutory look-ups, the profile. */
export const reviewQueries = {
  history: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'history', requestNumber],
      queryFn: () => callData(workflowEndpoints.messages, { params: { requestNumber } }),
    }),
  statutory: (requestNumber: string, asAdmin: boolean) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'dt-validation', requestNumber],
      queryFn: () => callData(reviewEndpoints.dtValidation, { body: { requestNumber, ...(asAdmin ? { isAdmin: true } : {}) } }),
    }),
  customer: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'customer', requestNumber],
      queryFn: () => callData(customerEndpoints.workflowMasterData, { body: { requestNumber } }),
    }),
  companyRequest: (requestNumber: string) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'company-request', requestNumber],
      queryFn: () => callData(companyEndpoints.review, { params: { requestNumber } }),
    }),
  profile: (requestNumber: string, asAdmin: boolean) =>
    queryOptions({
      queryKey: [...workflowKeys.all, 'profile', requestNumber],
      queryFn: () =>
        callData(asAdmin ? reviewEndpoints.partAsAdmin : reviewEndpoints.part, { params: { part: 'summary', requestNumber } }),
    }),
};

/** The admin audit of one partner, newest first (the summary page's last card). */
export const adminAuditQuery = (partnerNumber: string) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'admin-audit', partnerNumber],
    queryFn: () => callData(adminEndpoints.audit, { query: { partnerNumber, pageSize: 20 } }),
  });

/** Every action's endpoint alike: one answer, a body of the action's own schema (which the server checks again). */
type AnyAdminAction = Endpoint<z.ZodType, undefined, undefined, (typeof adminEndpoints)['changeCompanyName']['response']>;

/** Takes an admin action with the body its form's contract schema gave. */
export function takeAdminAction(name: AdminActionName, body: AdminActionBody<AdminActionName>) {
  const endpoint: AnyAdminAction = adminEndpoints[name];
  return callData(endpoint, { body });
}

/** Save bank master: a branch added to the IFSC master (recorded in the admin audit by the server). */
export const saveBankMaster = (body: AddBankBranchBody) => callData(referenceEndpoints.addBankBranch, { body });
