import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceDetail } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import { DraftEditor } from './DraftEditor.tsx';

/** A server that numbers a new draft and records the bodies it was sent. */
function serve() {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      sent.push({ path, body: JSON.parse(init?.body as string) as unknown });
      return envelope({ grievanceNumber: 'GRV-1-2026-000007' });
    }),
  );
  return sent;
}

function renderEditor(draft: GrievanceDetail | null = null) {
  signedIn({ role: 'PARTNER', userStatus: 'Approved' });
  const onDone = vi.fn();
  renderInApp(<DraftEditor draft={draft} onDone={onDone} />);
  return onDone;
}

afterEach(() => vi.unstubAllGlobals());

describe('A grievance draft', () => {
  it('asks for a reason before anything is saved, then saves the draft with the reason chosen', async () => {
    const sent = serve();
    const onDone = renderEditor();
    const form = await screen.findByRole('form', { name: 'Grievance' });
    const reason = within(form).getByRole('combobox', { name: /^Reason/ });
    expect(reason).toHaveValue('');

    await userEvent.type(within(form).getByRole('textbox', { name: /^Subject/ }), 'Invoice 4411 paid late');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Error: This field is required');
    expect(sent).toEqual([]);

    await userEvent.selectOptions(reason, within(reason).getByRole('option', { name: 'Payment delayed' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('GRV-1-2026-000007'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: '/api/ClaimRequest/draft',
      body: { reasonCode: 'PAYMENT_DELAY', subject: 'Invoice 4411 paid late', fileIds: [] },
    });
  });
});
