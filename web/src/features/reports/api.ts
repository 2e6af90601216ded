import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpointUrl, reportEndpoints, type ReportFormat, type ReportKind, type ReportQuery } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { fetchBlob, saveBlob } from '../../api/files.ts';

/** A report's filters as the query sends them: only those given. */
export type ReportFilters = Partial<Record<keyof ReportQuery, string>>;
const given = (filters: ReportFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const reportViewQuery = (report: ReportKind, filters: ReportFilters) =>
  queryOptions({
    queryKey: ['reports', report, filters],
    queryFn: () => callData(reportEndpoints.view, { params: { report }, query: given(filters) }),
    placeholderData: keepPreviousData,
  });

/** Downloads the whole report as a file (the server streams it; the browser saves it). */
export async function downloadReport(report: ReportKind, format: ReportFormat, filters: ReportFilters) {
  const url = endpointUrl(reportEndpoints.download, { params: { report, format }, query: given(filters) });
  saveBlob(await fetchBlob(url), `${report}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
