import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
import { callData } from '../../api/client.ts';
import { workflowKeys } from './queue-api.ts';

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

/** The group's customers, newest first, searched on the server (name, customer number, PAN), by company. */
export const customerListQuery = (q: { searchTerm: string; companyCode: number | null; pageNo: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'customers', q],
    queryFn: () =>
      callData(customerEndpoints.list, {
        query: {
          pageNo: q.pageNo,
          pageSize: q.pageSize,
          ...(q.searchTerm.trim() ? { searchTerm: q.searchTerm.trim() } : {}),
          ...(q.companyCode === null ? {} : { companyCode: q.companyCode }),
        },
      }),
    placeholderData: keepPreviousData,
  });

type Body<E extends Endpoint> = z.input<NonNullable<E['body']>>;
const c = customerEndpoints;
/** The customer admin's writes (each answers the customer as it now stands). */
export const customerWrites = {
  register: (body: Body<typeof c.register>) => callData(c.register, { body }),
  correct: (body: Body<typeof c.masterData>) => callData(c.masterData, { body }),
  addBranch: (body: Body<typeof c.branch>) => callData(c.branch, { body }),
  addBank: (body: Body<typeof c.newBank>) => callData(c.newBank, { body }),
  attachBankBook: (body: Body<typeof c.bankBook>) => callData(c.bankBook, { body }),
  submit: (body: Body<typeof c.submit>) => callData(c.submit, { body }),
};
