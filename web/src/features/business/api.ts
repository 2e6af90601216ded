import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type InvoiceListQuery, type OrderSummaryBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export interface ChartRange {
  from: string;
  to: string;
}

/** The dashboard's four charts over one range (the session's company: the server knows it). */
export const dashboardQueries = (range: ChartRange) => ({
  orders: queryOptions({
    queryKey: ['dashboard', 'orders', range],
    queryFn: async () => (await call(api.business.ordersChart, { query: range })).response,
  }),
  invoices: queryOptions({
    queryKey: ['dashboard', 'invoice-summary', range],
    queryFn: async () => (await call(api.business.invoiceSummary, { query: range })).response,
  }),
  receivedVsOutstanding: queryOptions({
    queryKey: ['dashboard', 'received-vs-outstanding', range],
    queryFn: async () => (await call(api.business.receivedVsOutstanding, { query: range })).response,
  }),
  topCategories: queryOptions({
    queryKey: ['dashboard', 'top-categories', range],
    queryFn: async () => (await call(api.business.topCategories, { query: { ...range, limit: 5 } })).response,
  }),
});

export const orderSummaryQuery = (body: Partial<OrderSummaryBody>) =>
  queryOptions({
    queryKey: ['orders', body],
    queryFn: async () => (await call(api.business.orderSummary, { body })).response,
    placeholderData: keepPreviousData,
  });

export const invoicesQuery = (query: Partial<InvoiceListQuery>) =>
  queryOptions({
    queryKey: ['invoices', query],
    queryFn: async () => (await call(api.business.invoices, { query })).response,
    placeholderData: keepPreviousData,
  });
