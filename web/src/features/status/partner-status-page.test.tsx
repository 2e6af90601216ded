import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkflowStatus } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, renderInApp } from '../../test/render.tsx';
import PartnerStatusPage from './PartnerStatusPage.tsx';

const request = (requestNumber: string, over: Partial<WorkflowStatus>): WorkflowStatus => ({
  requestNumber,
  flow: 'ONBOARDING',
  state: 'BUYER_REVIEW',
  desk: 'BUYER',
  userStatus: 'View',
  actions: [],
  companyCode: 1,
  title: 'Demo Steel Traders Pvt Ltd',
  submittedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  lastRemarks: null,
  ...over,
});
const REQUESTS = [
  request('ONB-1-2026-000001', { state: 'SENT_BACK', desk: null, lastRemarks: 'Upload the cancelled cheque again.' }),
  request('ADD-8-2026-000002', { flow: 'ADD_COMPANY', companyCode: 8 }),
];

/** The partner's own requests and each one's steps. */
function serve(requests: WorkflowStatus[] = REQUESTS) {
  const stepsAsked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = apiPath(url);
      if (path === '/api/workflow-status/requests')
        return envelope({
          items: requests,
          total: requests.length,
          totalCapped: false,
          pageNo: 1,
          pageSize: 20,
          nextCursor: null,
        });
      const steps = /^\/api\/document-workflow-messages\/request-number\/(.+)$/.exec(path);
      if (steps) {
        stepsAsked.push(steps[1]!);
        return envelope([
          {
            action: 'SUBMIT',
            fromStatus: 'DRAFT',
            toStatus: 'SEGREGATION',
            actorName: 'Ravi Kumar',
            actorRole: 'PARTNER',
            remarks: null,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
          {
            action: 'SEND_BACK',
            fromStatus: 'BUYER_REVIEW',
            toStatus: 'SENT_BACK',
            actorName: 'Buyer One',
            actorRole: 'BUYER',
            remarks: 'Upload the cancelled cheque again.',
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        ]);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { stepsAsked };
}

afterEach(() => vi.unstubAllGlobals());

describe('Partner Status', () => {
  it('lists where each request stands, with the remarks of one sent back', async () => {
    serve();
    signedIn();
    renderInApp(<PartnerStatusPage />, { at: '/partnerStatus' });
    const table = await screen.findByRole('table', { name: 'Partner Status' });
    const sentBack = (await within(table).findByText('ONB-1-2026-000001')).closest('tr')!;
    expect(sentBack).toHaveTextContent('Onboarding');
    expect(sentBack).toHaveTextContent('Upload the cancelled cheque again.');
    expect(within(table).getByText('ADD-8-2026-000002').closest('tr')).not.toHaveTextContent('Upload the cancelled cheque');
    expect(screen.getByText('2 requests')).toBeVisible();
  });

  it('opens a request’s steps below it, the group’s people named by the group, and keeps several open', async () => {
    const { stepsAsked } = serve();
    signedIn();
    renderInApp(<PartnerStatusPage />, { at: '/partnerStatus' });
    const table = await screen.findByRole('table', { name: 'Partner Status' });
    const [first, second] = await within(table).findAllByRole('button', { name: 'Show steps' });
    await userEvent.click(first!);
    const steps = await screen.findByRole('table', { name: 'Steps of ONB-1-2026-000001' });
    expect(within(steps).getAllByRole('row')).toHaveLength(3);
    expect(within(steps).getByText('You')).toBeVisible();
    expect(within(steps).getByText('The group')).toBeVisible();
    expect(within(steps).queryByText('Buyer One')).toBeNull();
    await userEvent.click(second!);
    expect(await screen.findByRole('table', { name: 'Steps of ADD-8-2026-000002' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Steps of ONB-1-2026-000001' })).toBeVisible();
    expect(stepsAsked).toEqual(['ONB-1-2026-000001', 'ADD-8-2026-000002']);
    await userEvent.click(within(table).getAllByRole('button', { name: 'Hide steps' })[0]!);
    expect(screen.queryByRole('table', { name: 'Steps of ONB-1-2026-000001' })).toBeNull();
  });

  it('says so when the partner has submitted nothing yet', async () => {
    serve([]);
    signedIn();
    renderInApp(<PartnerStatusPage />, { at: '/partnerStatus' });
    expect(await screen.findByText('You have not submitted any request yet.')).toBeVisible();
  });
});
