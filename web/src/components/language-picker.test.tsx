import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGE_STORAGE_KEY } from '../i18n/index.ts';
import { Footer } from './Footer.tsx';
import { PublicNavbar } from './PublicNavbar.tsx';

describe('the language picker', () => {
  it('switches every text of the page, the document language and the stored choice', async () => {
    render(
      <MemoryRouter>
        <PublicNavbar pageName="home" />
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'हिन्दी');

    expect(await screen.findByRole('button', { name: 'पंजीकरण करें' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'लॉगिन' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('पार्टनर पोर्टल');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });
});
