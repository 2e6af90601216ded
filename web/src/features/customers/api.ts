import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { customerEndpoints, type Endpoint } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { workflowKeys } from '../../review/requests-api.ts';

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
/** The customer admin's writes (each answers the customer as it now stands). */
export const customerWrites = {
  register: (body: Body<typeof customerEndpoints.register>) => callData(customerEndpoints.register, { body }),
  correct: (body: Body<typeof customerEndpoints.masterData>) => callData(customerEndpoints.masterData, { body }),
  addBranch: (body: Body<typeof customerEndpoints.branch>) => callData(customerEndpoints.branch, { body }),
  addBank: (body: Body<typeof customerEndpoints.newBank>) => callData(customerEndpoints.newBank, { body }),
  attachBankBook: (body: Body<typeof customerEndpoints.bankBook>) => callData(customerEndpoints.bankBook, { body }),
  submit: (body: Body<typeof customerEndpoints.submit>) => callData(customerEndpoints.submit, { body }),
};
