import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@pp/contract';
import { showAlert } from '../lib/ui-state.ts';
import { AlertHost } from './AlertHost.tsx';

function page() {
  return render(
    <>
      <button type="button">Open</button>
      <AlertHost />
    </>,
  );
}

describe('the generic modal (spec section 2)', () => {
  it("is titled 'Partner Portal', takes the focus, keeps it inside and answers Ok", async () => {
    const user = userEvent.setup();
    page();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    let choice: Promise<string> | undefined;
    act(() => {
      choice = showAlert('Something to say', { cancellable: true });
    });
    const dialog = await screen.findByRole('dialog', { name: UI_MESSAGES.modalTitle });
    expect(dialog).toHaveTextContent('Something to say');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // Focus that leaves for the page behind is brought back into the dialog.
    act(() => opener.focus());
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(choice).resolves.toBe('ok');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('answers Escape as Cancel when there is one, and shows alerts one after another', async () => {
    const user = userEvent.setup();
    page();
    let first: Promise<string> | undefined;
    let second: Promise<string> | undefined;
    act(() => {
      first = showAlert('First', { cancellable: true });
      second = showAlert('Second', { resendEmail: true });
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('First');
    await user.keyboard('{Escape}');
    await expect(first).resolves.toBe('cancel');
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Second'));
    await user.click(screen.getByRole('button', { name: 'Resend E-mail' }));
    await expect(second).resolves.toBe('resend');
  });

  it('shows the same plain message once while it is up, and answers every caller with its Ok', async () => {
    const user = userEvent.setup();
    page();
    let first: Promise<string> | undefined;
    let again: Promise<string> | undefined;
    act(() => {
      first = showAlert(UI_MESSAGES.serviceDown);
      again = showAlert(UI_MESSAGES.serviceDown);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent(UI_MESSAGES.serviceDown);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(first).resolves.toBe('ok');
    await expect(again).resolves.toBe('ok');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Once closed, the same words show again.
    let later: Promise<string> | undefined;
    act(() => {
      later = showAlert(UI_MESSAGES.serviceDown);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent(UI_MESSAGES.serviceDown);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(later).resolves.toBe('ok');
  });
});
