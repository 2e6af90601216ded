import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedIn } from '../test/session.ts';
import { refusal, renderInApp } from '../test/render.tsx';
import { AdminActions } from './AdminActions.tsx';

const REQUEST = 'ONB-1-2026-000123';

/** A server that takes admin actions (refusing a grace period over 180 with a field error) and has no audit yet. */
function serve() {
  const bodies: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/api/state/country/')) {
        return new Response(JSON.stringify({ response: [{ stateId: 27, stateName: 'Maharashtra', gstStateCode: '27' }] }));
      }
      if (url.endsWith('/api/admin/bank-branches')) {
        const branch = JSON.parse(init?.body as string) as Record<string, unknown>;
        bodies.push({ url, body: branch });
        return new Response(JSON.stringify({ response: { ...branch, bankCode: 'HDFC', bankName: 'HDFC Bank' } }));
      }
      if (url.includes('/api/adminAction/audit')) {
        return new Response(JSON.stringify({ response: { items: [], total: 0, pageNo: 1, pageSize: 20, nextCursor: null } }));
      }
      const body: unknown = JSON.parse(init?.body as string);
      bodies.push({ url, body });
      // A refusal about the target the page filled in, which has no input of its own.
      if (url.endsWith('/change-status')) return refusal('partnerNumber', 'No partner has the number P000042');
      if (url.endsWith('/change-company-name')) return refusal('organizationName', 'Another partner has this name');
      return new Response(
        JSON.stringify({ response: { message: 'Done. The change is recorded in the admin audit.', auditId: 7 } }),
      );
    }),
  );
  return bodies;
}

async function renderActions(role: 'ADMIN' | 'FINANCE' = 'ADMIN') {
  signedIn({ role, userStatus: 'Approved' });
  renderInApp(
    <AdminActions
      role={role}
      partnerNumber="P000042"
      requestNumber={REQUEST}
      address={{ line1: '12 Nagar Road', line2: null, countryCode: 1, stateId: 27, cityId: 401, postalCode: '411014' }}
      choices={{ bankAccountId: [{ value: '31', label: '123456789012 · Test Org' }] }}
    />,
  );
  return within(await screen.findByRole('region', { name: 'Admin actions' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('admin actions', () => {
  it('sends the body the action’s contract schema builds: the request, a number as a number, remarks trimmed', async () => {
    const bodies = serve();
    const card = await renderActions();
    await userEvent.selectOptions(card.getByLabelText('Action'), 'paymentInFavourOf');
    await userEvent.selectOptions(card.getByLabelText(/^Bank account/), '31');
    await userEvent.type(card.getByLabelText(/^Pay in favour of/), 'Test Org Private Limited');
    await userEvent.type(card.getByLabelText(/^Remarks/), '  as on the cheque  ');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    expect(await card.findByRole('status')).toHaveTextContent('Done. The change is recorded in the admin audit.');
    expect(bodies).toEqual([
      {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest's matcher
        url: expect.stringMatching(/\/api\/adminAction\/payment-in-favour-of$/),
        body: {
          requestNumber: REQUEST,
          bankAccountId: 31,
          accountHolderName: 'Test Org Private Limited',
          remarks: 'as on the cheque',
        },
      },
    ]);
  });

  it('marks a value the schema refuses on its field and sends nothing', async () => {
    const bodies = serve();
    const card = await renderActions();
    await userEvent.selectOptions(card.getByLabelText('Action'), 'updateGracePeriod');
    await userEvent.type(card.getByLabelText(/^Grace period/), '400');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Must be at most 180');
    expect(card.getByLabelText(/^Grace period/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('puts the server’s refusal on the field it names', async () => {
    serve();
    const card = await renderActions();
    await userEvent.selectOptions(card.getByLabelText('Action'), 'changeCompanyName');
    await userEvent.type(card.getByLabelText(/^New organisation name/), 'Test Org Private Limited');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    expect(await card.findByText('Another partner has this name')).toBeVisible();
    expect(card.getByLabelText(/^New organisation name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a refusal about the target, which has no field on the form, in the form’s alert', async () => {
    serve();
    const card = await renderActions();
    await userEvent.selectOptions(card.getByLabelText('Action'), 'changeStatus');
    await userEvent.selectOptions(card.getByLabelText(/^Account status/), 'DISABLED');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    expect(await card.findByRole('alert')).toHaveTextContent('No partner has the number P000042');
  });

  it('starts the registered address from the saved one and sends it whole', async () => {
    const bodies = serve();
    const card = await renderActions();
    await userEvent.selectOptions(card.getByLabelText('Action'), 'registeredAddress');
    expect(card.getByLabelText(/^Address line 1/)).toHaveValue('12 Nagar Road');
    await userEvent.clear(card.getByLabelText(/^Address line 1/));
    await userEvent.type(card.getByLabelText(/^Address line 1/), '14 Nagar Road');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    await card.findByRole('status');
    expect(bodies[0]!.body).toMatchObject({
      requestNumber: REQUEST,
      address: { line1: '14 Nagar Road', countryCode: 1, stateId: 27, cityId: 401, postalCode: '411014' },
    });
  });

  it("gives the finance desk its bank actions: payment in favour of, the partner's drafts, and the bank master", async () => {
    const bodies = serve();
    const card = await renderActions('FINANCE');
    const actions = within(card.getByLabelText('Action'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(actions).toEqual([
      'Choose…',
      'Payment in favour of',
      "Apply the partner's bank draft",
      "Apply the partner's finance draft",
      'Save bank master (add an IFSC branch)',
    ]);
    await userEvent.selectOptions(card.getByLabelText('Action'), 'saveBankMaster');
    await userEvent.type(card.getByLabelText(/^IFSC/), 'hdfc0009999');
    await userEvent.type(card.getByLabelText(/^Branch name/), 'Baner');
    await userEvent.type(card.getByLabelText(/^Branch address/), '12 Baner Road, Pune');
    await userEvent.type(card.getByLabelText(/^City/), 'Pune');
    await userEvent.selectOptions(card.getByLabelText(/^State/), '27');
    await userEvent.click(card.getByRole('button', { name: 'Apply' }));
    expect(await card.findByRole('status')).toHaveTextContent('Branch HDFC0009999 of HDFC Bank is in the bank master.');
    expect(bodies).toEqual([
      {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest's matcher
        url: expect.stringMatching(/\/api\/admin\/bank-branches$/),
        body: {
          ifsc: 'HDFC0009999',
          branchName: 'Baner',
          address: '12 Baner Road, Pune',
          cityName: 'Pune',
          stateId: 27,
          micr: null,
        },
      },
    ]);
  });
});
