import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { session } from '../session/session.ts';
import { signedIn } from '../test/session.ts';
import { Guard } from './guard.tsx';

/** The router's navigate, for the test to move around as the app's flows do. */
const router = { navigate: (_to: string): void => undefined };
function NavigateHandle() {
  const nav = useNavigate();
  useEffect(() => {
    router.navigate = (to) => void nav(to);
  }, [nav]);
  return null;
}
const navigate = (to: string) => router.navigate(to);

function app(start: string) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <NavigateHandle />
      <Routes>
        <Route path="/home" element={<p>Home page</p>} />
        <Route
          path="/dashboard"
          element={
            <Guard guard="login">
              <p>Dashboard page</p>
            </Guard>
          }
        />
        <Route
          path="/login"
          element={
            <Guard guard="guestOnly">
              <p>Login page</p>
            </Guard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('guards decide when a route is entered', () => {
  it('leave a page whose session ends to the flow that ended it, and guard the next page entered', () => {
    signedIn();
    app('/dashboard');
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    act(() => session.clear());
    // The logout or idle flow navigates on its own; the guard does not race it to /home.
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    act(() => navigate('/login'));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    act(() => navigate('/dashboard'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('let the login page finish a sign-in before the guest-only redirect applies', () => {
    app('/login');
    act(() => signedIn());
    expect(screen.getByText('Login page')).toBeInTheDocument();
    act(() => navigate('/home'));
    act(() => navigate('/login'));
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });
});
