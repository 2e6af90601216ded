import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n/index.ts';
import HomePage from './HomePage.tsx';

describe('the home page', () => {
  it("shows the spec's claim of more than 35,000 partners, in English and Hindi, without asking the server", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('partner-claim')).toHaveTextContent('35,000+');
    expect(screen.getByText('More than 35,000 partners already work with the group through this portal.')).toBeVisible();
    await act(() => setLanguage('hi'));
    expect(await screen.findByText(/35,000 से अधिक पार्टनर/)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
