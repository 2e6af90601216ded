import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ONBOARDING_LISTS } from '@pp/contract';
import { apiPath, envelope, renderInApp } from '../test/render.tsx';
import { PartForm } from './PartForm.tsx';

afterEach(() => vi.unstubAllGlobals());

const BRANCH = { ifsc: 'SBIN0000018', bankName: 'State Bank of India', branchName: 'Fort', address: 'Horniman Circle, Mumbai' };

async function renderBankForm() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (apiPath(url).startsWith('/api/bank-branches/ifsc-code/') ? envelope(BRANCH) : envelope([]))),
  );
  renderInApp(
    <PartForm
      id="bank"
      spec="bankAccounts"
      schema={ONBOARDING_LISTS.bankAccounts.input}
      saved={null}
      profile={{ companyCode: 1, categoryCode: 'SUP', international: false }}
      files={new Map()}
      hidden={['swiftCode', 'iban']}
      onSave={async () => undefined}
      submitLabel="Save draft"
    />,
  );
  // The form shows once its texts have loaded.
  await screen.findByRole('button', { name: 'Save draft' });
  return document.getElementById('bank-ifsc') as HTMLInputElement;
}

/** The line under a field that its aria-describedby names: its hint, or the note that took its place. */
const lineUnder = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '');

describe('a profile form field checked as it is left', () => {
  it("keeps the line its note comes in, so the note does not push Save down under a person's click", async () => {
    const ifsc = await renderBankForm();
    // Before the look-up: an empty line already under the IFSC (a field without a look-up has none).
    expect(lineUnder(ifsc)?.textContent).toBe('\u00a0');
    expect(document.getElementById('bank-accountHolderName')!.hasAttribute('aria-describedby')).toBe(false);

    fireEvent.change(ifsc, { target: { value: 'SBIN0000018' } });
    fireEvent.blur(ifsc);
    // The bank's name comes in that line, and fills the bank's fields.
    await waitFor(() => expect(lineUnder(ifsc)?.textContent).toBe('State Bank of India, Fort'));
    expect((document.getElementById('bank-bankName') as HTMLInputElement).value).toBe('State Bank of India');
  });
});
