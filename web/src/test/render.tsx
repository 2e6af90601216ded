import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

/**
 * Renders a page or component as the app holds it: a query client of its own (no retries, so a
 * refused call shows at once), a router at `at`, and the Suspense its texts load under.
 */
export function renderInApp(ui: ReactElement, { at = '/' }: { at?: string } = {}) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** An answer in the contract's envelope, as a stubbed fetch gives it. */
export const envelope = (response: unknown, status = 200, failureMessage: string | null = null) =>
  new Response(JSON.stringify({ response, failureMessage }), { status });

/** The server's 400 for one field, as a stubbed fetch gives it: the failure message names the field. */
export const refusal = (field: string, message: string) =>
  new Response(JSON.stringify({ errorCode: 400, failureMessage: `${field}: ${message}`, fieldErrors: [{ field, message }] }), {
    status: 400,
  });

/** The API path a stubbed fetch was asked for, without the server's prefix. */
export const apiPath = (url: string) => new URL(url, 'http://x').pathname.replace(/^\/partner-api/, '');

/** One page of a list as the server answers it (`paged()` in the contract), the total counted exactly. */
export const pageOf = <T,>(items: readonly T[], total = items.length, pageNo = 1, pageSize = 20) => ({
  items,
  total,
  totalCapped: false,
  pageNo,
  pageSize,
  nextCursor: null,
});

/** The group's one company, as `GET /api/company` answers the company filters. */
export const ONE_COMPANY = [{ companyCode: 1, companyName: 'Group Company One' }];
