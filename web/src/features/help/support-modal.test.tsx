import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decryptId, type PartnerInfo } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import SupportModal from './SupportModal.tsx';

const MESSAGE = 'My GST certificate upload fails with an error every time I try it, please help.';
const INFO: PartnerInfo = {
  partnerId: 7,
  longDesc: null,
  designation: null,
  organizationName: 'Verma Steel',
  partnerNumber: 'P0000007',
  coordinationPerson: 'Asha Verma',
  email: 'asha@vermasteel.in',
  mobileNumber: '9876543210',
  primaryBusiness: [],
  secondaryBusiness: [],
  currentCategoryCode: 'SUP',
  currentCompanyCode: 1,
  onboardStatus: 'Approved',
  classificationCode: null,
  countryDetail: { countryCode: 100, countryName: 'India' },
};

/**
 * A support desk: it sends an OTP (12345) to the address it is given, verifies it, knows which
 * addresses have an open query, and records each call it was sent, decrypted as the server would.
 */
function serve({ openQueryOf = [] as string[] } = {}) {
  const calls: { path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, string>) : undefined;
      if (path === '/api/partner/info') return envelope(INFO);
      if (path === '/api/sendOtp/email') {
        calls.push({ path, body: decryptId(body!.payLoad!) });
        return envelope('OTP sent successfully');
      }
      if (path === '/api/email/otp/verify') {
        calls.push({ path, body: { email: decryptId(body!.email!), otp: body!.referenceNumber } });
        return body!.referenceNumber === '12345' ? envelope('OTP verified') : envelope(null, 400, 'Invalid OTP');
      }
      const open = path.match(/getAllPartnerQueryListWithId\/(.+)$/);
      if (open) {
        const email = decodeURIComponent(open[1]!);
        return envelope(
          openQueryOf.includes(email)
            ? [{ referenceNumber: 'PQ0000012', createdAt: '2026-11-25T10:00:00.000Z' }]
            : 'No records found',
        );
      }
      if (path === '/api/partnerqueries/vfacing/insertPartnerQueryEntry') {
        calls.push({ path, body });
        return envelope({ referenceNumber: 'PQ0000013' });
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return calls;
}

function renderModal() {
  const onClose = vi.fn();
  renderInApp(<SupportModal onClose={onClose} />);
  return onClose;
}

/** The message is long: pasted, as many people would, rather than typed key by key. */
async function describeIssue() {
  await userEvent.click(screen.getByLabelText(/^Describe your issue/));
  await userEvent.paste(MESSAGE);
}

const dialog = () => screen.findByRole('dialog', { name: 'Ask Partner Portal support' });

afterEach(() => vi.unstubAllGlobals());

describe('the support form', () => {
  it('takes a visitor through the e-mail OTP; a new address asks for a new OTP; the query is recorded', async () => {
    const calls = serve();
    renderModal();
    await dialog();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Asha Verma');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'asha@vermasteel.in');
    await describeIssue();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Kindly verify Email OTP and try again')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP has been sent to asha@vermasteel.in. Kindly enter OTP and verify.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail OTP'), '12a34');
    expect(screen.getByLabelText('E-mail OTP')).toHaveValue('1234');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('E-mail OTP'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('E-mail verified')).toBeInTheDocument();

    // Another address is another person's: the OTP starts again.
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'x');
    expect(screen.queryByText('E-mail verified')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText(/^E-mail/), '{Backspace}');
    expect(await screen.findByText('E-mail verified')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The page's spinner is a status too while the call runs: the answer is the one with its text.
    expect(await screen.findByText('Your query has been submitted please check email for updates on your query')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls).toEqual([
      { path: '/api/sendOtp/email', body: 'Asha Verma,asha@vermasteel.in' },
      { path: '/api/email/otp/verify', body: { email: 'asha@vermasteel.in', otp: '12345' } },
      {
        path: '/api/partnerqueries/vfacing/insertPartnerQueryEntry',
        body: { displayName: 'Asha Verma', partnerEmailId: 'asha@vermasteel.in', message: MESSAGE, siteUrl: '/' },
      },
    ]);
  });

  it("refuses the group's own addresses and a malformed one before sending an OTP", async () => {
    const calls = serve();
    renderModal();
    await dialog();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ravi Kumar');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ravi@meridianec.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email id of this domain are not allowed. Kindly use helpdesk.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^E-mail/));
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ravi@');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Kindly enter valid email.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('points a signed-in partner with an open query to it, and records nothing new', async () => {
    signedIn({ role: 'PARTNER', userStatus: 'Approved' });
    const calls = serve({ openQueryOf: [INFO.email] });
    renderModal();
    await dialog();
    // A partner's name and address are the account's, locked, and need no OTP.
    expect(await screen.findByDisplayValue('Asha Verma')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue(INFO.email);
    expect(screen.queryByRole('button', { name: 'Send OTP' })).not.toBeInTheDocument();
    await describeIssue();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(
        'Open chat with this email already exists kindly check existing email notifications to find link to the chat',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('records a signed-in partner’s query under the account’s name and address', async () => {
    signedIn({ role: 'PARTNER', userStatus: 'Approved' });
    const calls = serve();
    const onClose = renderModal();
    await dialog();
    await screen.findByDisplayValue('Asha Verma');
    await describeIssue();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ displayName: 'Asha Verma', partnerEmailId: INFO.email, message: MESSAGE, siteUrl: '/' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
