import { describe, expect, it } from 'vitest';
import { signedIn } from '../test/session.ts';
import { session } from '../session/session.ts';
import { ROUTES } from '../routing/routes.ts';
import { decide as decideFor } from './guard.tsx';

const decide = (guard: Parameters<typeof decideFor>[0]) => decideFor(guard, session.get());

describe('the route guards of spec section 2', () => {
  it('keep every staff page of section 2 but /getsession (which makes the session) behind a staff guard, the design page too', () => {
    const staffPages = Object.entries(ROUTES).filter(([, route]) => 'staffChrome' in route && route.staffChrome);
    expect(staffPages.map(([key]) => key)).toContain('designPage');
    for (const [key, route] of staffPages) if (key !== 'getSession') expect(route.guard, key).toMatch(/^staff/);
    // A visitor with no token is sent to the group's sign-in, as from any staff page.
    expect(decide(ROUTES.designPage.guard)).toEqual({ kind: 'external' });
  });

  it('let anyone through open pages, and send a visitor of a login page home', () => {
    expect(decide('open')).toEqual({ kind: 'allow' });
    expect(decide('guestOnly')).toEqual({ kind: 'allow' });
    expect(decide('login')).toEqual({ kind: 'redirect', to: '/home' });
    expect(decide('onboardingDetails')).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('send a signed-in user from the guest pages to the dashboard', () => {
    signedIn();
    expect(decide('guestOnly')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('login')).toEqual({ kind: 'allow' });
  });

  it.each([
    ['Edit', 'onboardingDetails', { kind: 'allow' }],
    ['Edit', 'onboardingPreview', { kind: 'redirect', to: '/home' }],
    ['View', 'onboardingDetails', { kind: 'redirect', to: '/home' }],
    ['View', 'onboardingPreview', { kind: 'allow' }],
    ['Approved', 'onboardingDetails', { kind: 'redirect', to: '/partnerdashboard' }],
    ['Approved', 'onboardingPreview', { kind: 'redirect', to: '/partnerdashboard' }],
  ] as const)('a partner with status %s opening %s: %j', (userStatus, guard, decision) => {
    signedIn({ role: 'PARTNER', userStatus });
    expect(decide(guard)).toEqual(decision);
  });

  it('send a staff page visitor without a token to the external login, and check permissions with the server', () => {
    expect(decide('staff')).toEqual({ kind: 'external' });
    expect(decide('staffCustomerAdmin')).toEqual({ kind: 'external' });
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    expect(decide('staff')).toEqual({ kind: 'allow' });
    expect(decide('staffCustomerAdmin')).toEqual({ kind: 'check', permission: 'customerAdmin' });
    expect(decide('staffGrievanceDashboard')).toEqual({ kind: 'check', permission: 'grievanceDashboard' });
  });

  it("deny a partner's session every staff page, without asking the server", () => {
    signedIn({ role: 'PARTNER', userStatus: 'Approved' });
    expect(decide('staff')).toEqual({ kind: 'denied' });
    expect(decide('staffCustomerAdmin')).toEqual({ kind: 'denied' });
    expect(decide('staffGrievanceDashboard')).toEqual({ kind: 'denied' });
    expect(decide('open')).toEqual({ kind: 'allow' });
  });
});
