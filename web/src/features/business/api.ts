import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { businessEndpoints, type InvoiceListQuery, type OrderSummaryBody } from '@pp/contract';
import { callData } from '../../api/client.ts';

export interface ChartRange {
  from: string;
  to: string;
}

/** The dashboard's four charts over one range (the session's company: the server knows it). */
export const dashboardQueries = (range: ChartRange) => ({
  orders: queryOptions({
    queryKey: ['dashboard', 'orders', range],
    queryFn: () => callData(businessEndpoints.ordersChart, { query: range }),
  }),
  invoices: queryOptions({
    queryKey: ['dashboard', 'invoice-summary', range],
    queryFn: () => callData(businessEndpoints.invoiceSummary, { query: range }),
  }),
  receivedVsOutstanding: queryOptions({
    queryKey: ['dashboard', 'received-vs-outstanding', range],
    queryFn: () => callData(businessEndpoints.receivedVsOutstanding, { query: range }),
  }),
  topCategories: queryOptions({
    queryKey: ['dashboard', 'top-categories', range],
    queryFn: () => callData(businessEndpoints.topCategories, { query: { ...range, limit: 5 } }),
  }),
});

export const orderSummaryQuery = (body: Partial<OrderSummaryBody>) =>
  queryOptions({
    queryKey: ['orders', body],
    queryFn: () => callData(businessEndpoints.orderSummary, { body }),
    placeholderData: keepPreviousData,
  });

export const invoicesQuery = (query: Partial<InvoiceListQuery>) =>
  queryOptions({
    queryKey: ['invoices', query],
    queryFn: () => callData(businessEndpoints.invoices, { query }),
    placeholderData: keepPreviousData,
  });
