import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fault, JournalEntry, Scenario } from '@pp/contract';
import { session } from '../../session/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import DevtoolsPage from './DevtoolsPage.tsx';

const NOW = '2026-11-27T10:00:00.000Z';
const SCENARIO: Scenario = {
  id: 1,
  scenario: 'approved',
  description: 'Approved',
  partnerId: 7,
  partnerNumber: 'P100007',
  organizationName: 'Scenario approved 1a2b3c',
  username: 'scenario_1a2b3c',
  password: 'Demo@1234',
  requestNumber: 'ONB-1-2026-000007',
  grievanceNumber: null,
  createdAt: NOW,
  tookMs: 1100,
};
const SIGNIN = {
  accessToken: 'token-of-the-scenario',
  tokenType: 'Bearer',
  auditNumber: '42',
  displayName: 'Asha Verma',
  role: 'PARTNER',
  userStatus: 'Approved',
  partnerNumber: 'P100007',
  currentCompanyCode: 1,
  currentCompanyName: 'Group Company 1',
  currentCategoryCode: 'SUP',
};

/** A controls API holding its rules and clock in memory; it records what the page sent. */
function serve({ off = false } = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let faults: Fault[] = [];
  let scenarios: Scenario[] = [];
  let offsetMs = 0;
  const journal: JournalEntry[] = [
    {
      id: 7,
      at: NOW,
      method: 'GET',
      url: '/partner-api/api/partner/info',
      operationId: 'partnerInfo',
      status: 502,
      durationMs: 4,
      account: 'asha',
      client: null,
      ip: '127.0.0.1',
      fault: 3,
      request: { headers: { authorization: '[redacted]' }, body: null },
      response: { headers: {}, body: '{"response":null}' },
    },
  ];
  const clock = () => ({ now: new Date(Date.parse(NOW) + offsetMs).toISOString(), offsetMs, virtual: offsetMs !== 0 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      if (off) return envelope(null, 404, 'Route GET /dev/clock not found');
      if (method !== 'GET') sent.push({ method, path, body });
      if (path === '/dev/clock') {
        if (method === 'POST')
          offsetMs =
            'advanceMs' in body! ? offsetMs + (body.advanceMs as number) : Date.parse(body!.at as string) - Date.parse(NOW);
        if (method === 'DELETE') offsetMs = 0;
        return envelope(clock());
      }
      if (path === '/dev/faults' && method === 'POST') {
        const fault = {
          id: 3,
          method: null,
          pathPattern: null,
          operationId: null,
          account: null,
          client: null,
          probability: 1,
          seed: 1,
          remaining: null,
          matched: 0,
          fired: 0,
          createdAt: NOW,
          ...body,
        } as Fault;
        faults = [...faults, fault];
        return envelope(fault);
      }
      if (path === '/dev/faults') return envelope(faults);
      if (path === '/dev/journal') return envelope(journal);
      if (path === '/dev/scenarios' && method === 'POST') {
        const made = { ...SCENARIO, id: scenarios.length + 1, scenario: body!.scenario as Scenario['scenario'] };
        scenarios = [made, ...scenarios];
        return envelope(made);
      }
      if (path === '/dev/scenarios')
        return envelope({
          available: [
            { name: 'approved', description: 'Approved' },
            { name: 'sentBack', description: 'Sent back' },
          ],
          made: scenarios,
        });
      if (path === '/dev/snapshots' && method === 'GET')
        return envelope([
          { name: 'default', madeAt: NOW, current: true },
          { name: 'demo', madeAt: NOW, current: false },
        ]);
      if (path === '/dev/reset') return envelope({ tables: 60, refilled: 26, rows: 5000, madeAt: NOW, tookMs: 1449 });
      if (path === '/api/auth/signin') return envelope({ ...SIGNIN, userName: body!.username as string });
      if (path === '/api/dashboard/redirection') return envelope({ route: '/PartnerMgmtApp/partnerdashboard' });
      return envelope(null, 404, 'not found');
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('Developer controls page', () => {
  it('adds a fault rule as the contract takes it, and lists it', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const form = await screen.findByRole('form', { name: 'A new fault rule' });
    await userEvent.clear(within(form).getByLabelText('Path (* one segment, ** anything)'));
    await userEvent.type(within(form).getByLabelText('Path (* one segment, ** anything)'), '/api/partner/*');
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'GET');
    await userEvent.type(within(form).getByLabelText('Times (empty: until removed)'), '2');
    await userEvent.clear(within(form).getByLabelText('HTTP status'));
    await userEvent.type(within(form).getByLabelText('HTTP status'), '502');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the rule' }));
    const faults = screen.getByRole('region', { name: 'Faults' });
    expect(await within(faults).findByText('GET /api/partner/*')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/dev/faults',
        body: {
          method: 'GET',
          pathPattern: '/api/partner/*',
          probability: 1,
          seed: 1,
          count: 2,
          effect: { kind: 'status', status: 502 },
        },
      },
    ]);
  });

  it('refuses a status outside 400–599 beside its field, sending nothing; a delay asks for its milliseconds', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const form = await screen.findByRole('form', { name: 'A new fault rule' });
    await userEvent.clear(within(form).getByLabelText('HTTP status'));
    await userEvent.type(within(form).getByLabelText('HTTP status'), '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the rule' }));
    expect(await within(form).findByRole('alert')).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.selectOptions(within(form).getByLabelText('Effect'), 'delayFixed');
    expect(within(form).getByLabelText('Delay (ms)')).toHaveValue('3000');
    expect(within(form).queryByLabelText('HTTP status')).toBeNull();
  });

  it('moves the clock past the idle time-out and back, showing the server’s time', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const clock = await screen.findByRole('region', { name: 'Clock' });
    expect(await within(clock).findByText('Real time')).toBeVisible();
    await userEvent.click(within(clock).getByRole('button', { name: '+21 minutes (past the idle time-out)' }));
    expect(await within(clock).findByText('21 minutes from real time')).toBeVisible();
    await userEvent.click(within(clock).getByRole('button', { name: 'Back to real time' }));
    expect(await within(clock).findByText('Real time')).toBeVisible();
    expect(sent.map((s) => [s.method, s.body])).toEqual([
      ['POST', { advanceMs: 21 * 60_000 }],
      ['DELETE', null],
    ]);
  });

  it('moves the clock to a moment typed in the browser’s time zone, and names the field when none is typed', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const clock = await screen.findByRole('region', { name: 'Clock' });
    await userEvent.click(within(clock).getByRole('button', { name: 'Move' }));
    expect(await within(clock).findByText(/invalid|required|enter/i)).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.type(within(clock).getByLabelText('Move to'), '2027-04-01T09:00');
    await userEvent.click(within(clock).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/dev/clock', body: { at: new Date('2027-04-01T09:00').toISOString() } }]),
    );
    expect(await within(clock).findByText(/from real time/)).toBeVisible();
  });

  it('shows the journal with the fault that shaped an answer, and its HAR download under the filters', async () => {
    serve();
    renderInApp(<DevtoolsPage />);
    const journal = await screen.findByRole('region', { name: 'Journal' });
    const row = (await within(journal).findByText('/partner-api/api/partner/info')).closest('tr')!;
    expect(within(row).getByText('fault 3')).toBeVisible();
    expect(within(row).getByText('502')).toBeVisible();
    await userEvent.type(within(journal).getByLabelText('Account'), 'asha');
    expect(within(journal).getByRole('link', { name: 'Download as HAR' })).toHaveAttribute(
      'href',
      '/partner-api/dev/journal/har?account=asha',
    );
  });

  it('makes a scenario partner and opens the app signed in as it', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const region = await screen.findByRole('region', { name: 'Scenarios' });
    await within(region).findByRole('option', { name: 'sentBack — Sent back' });
    await userEvent.selectOptions(within(region).getByLabelText('Scenario'), 'sentBack');
    await userEvent.click(within(region).getByRole('button', { name: 'Make a partner' }));
    const row = (await within(region).findByText('sentBack')).closest('tr')!;
    expect(within(row).getByText('scenario_1a2b3c')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Open signed in as scenario_1a2b3c' }));
    await vi.waitFor(() => expect(session.get().token).toBe('token-of-the-scenario'));
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      ['/dev/scenarios', { scenario: 'sentBack' }],
      ['/api/auth/signin', { username: 'scenario_1a2b3c', password: 'Demo@1234' }],
    ]);
  });

  it('puts the whole stack back to a saved state once confirmed, and says what it rewrote; a stale state cannot be put back', async () => {
    const sent = serve();
    renderInApp(<DevtoolsPage />);
    const region = await screen.findByRole('region', { name: 'Saved states of the whole stack' });
    const demo = (await within(region).findByText('Made under older migrations')).closest('tr')!;
    expect(within(demo).getByRole('button', { name: 'Put back "demo"' })).toBeDisabled();
    await userEvent.click(within(region).getByRole('button', { name: 'Put back "default"' }));
    const confirm = within(region).getByRole('alert');
    expect(confirm).toHaveTextContent('Everything done since is lost');
    expect(sent).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, put back "default"' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'Put back "default" in 1.4 s: 26 of 60 tables had changed, 5,000 rows copied back.',
    );
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(sent.map((s) => [s.path, s.body])).toEqual([['/dev/reset', { snapshot: 'default' }]]);
  });

  it('says the controls are off where the server has them off', async () => {
    serve({ off: true });
    renderInApp(<DevtoolsPage />);
    expect(await screen.findByText(/switched off on this server/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Faults' })).toBeNull();
  });
});
