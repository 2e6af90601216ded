import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS, type SigninResponse } from '@pp/contract';
import { fakeToken } from '../test/session.ts';
import { session, useSession } from './session.ts';

function WhoAmI() {
  const { role, userStatus, companyName, categoryCode, token } = useSession();
  return <p>{token ? `${role} ${userStatus} ${companyName} ${categoryCode}` : 'anonymous'}</p>;
}

const signin: SigninResponse = {
  accessToken: fakeToken({ role: 'PARTNER', userStatus: 'View' }),
  tokenType: 'Bearer',
  auditNumber: '7',
  userName: 'p',
  displayName: 'P',
  role: 'PARTNER',
  userStatus: 'View',
  partnerNumber: 'P0000001',
  currentCompanyCode: 1,
  currentCompanyName: 'Meridian',
  currentCategoryCode: 'SUP',
};

describe('the session store (spec section 3)', () => {
  it('keeps the keys of spec section 3 in this tab and re-renders its readers on every change', () => {
    render(<WhoAmI />);
    expect(screen.getByText('anonymous')).toBeInTheDocument();
    act(() => session.start(signin));
    expect(screen.getByText('PARTNER View Meridian SUP')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEYS.currentCompanyCode)).toBe('1');
    act(() => session.setCompany(8, 'Meridian Infra', 'INF-SUP'));
    expect(screen.getByText('PARTNER View Meridian Infra INF-SUP')).toBeInTheDocument();
    act(() => session.clearToken());
    expect(screen.getByText('anonymous')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEYS.auditNumber)).toBe('7');
    act(() => session.clear());
    expect(Object.values(SESSION_KEYS).map((k) => sessionStorage.getItem(k))).toEqual(
      Object.values(SESSION_KEYS).map(() => null),
    );
  });

  it('reads no role from a token it cannot decode', () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'not-a-jwt');
    session.reload();
    expect(session.get()).toMatchObject({ token: 'not-a-jwt', role: null, userStatus: null });
  });
});
