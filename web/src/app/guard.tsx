import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { SessionEndedError } from '../api/client.ts';
import { leaveApp } from '../api/navigation.ts';
import { webConfig } from '../config.ts';
import { useSession, type SessionSnapshot } from '../session/session.ts';
import { showAlert } from '../lib/ui-state.ts';
import i18next from '../i18n/index.ts';
import { href, type GuardName } from '../routing/routes.ts';

type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'external' }
  /** A partner's session on a staff page: the denial of spec section 2, without asking the server. */
  | { kind: 'denied' }
  | { kind: 'check'; permission: 'customerAdmin' | 'grievanceDashboard' };

/** The guards of spec section 2, decided from the session alone where they can be. */
export function decide(guard: GuardName, current: Pick<SessionSnapshot, 'token' | 'userStatus' | 'role'>): Decision {
  const hasToken = Boolean(current.token);
  const partner = current.role === 'PARTNER';
  const status = current.userStatus;
  switch (guard) {
    case 'open':
      return { kind: 'allow' };
    case 'guestOnly':
      return hasToken ? { kind: 'redirect', to: href('dashboard') } : { kind: 'allow' };
    case 'login':
      return hasToken ? { kind: 'allow' } : { kind: 'redirect', to: href('home') };
    case 'onboardingDetails':
    case 'onboardingPreview': {
      if (!hasToken) return { kind: 'redirect', to: href('home') };
      if (status === 'Approved') return { kind: 'redirect', to: href('partnerDashboard') };
      const blocked = guard === 'onboardingDetails' ? 'View' : 'Edit';
      return status === blocked ? { kind: 'redirect', to: href('home') } : { kind: 'allow' };
    }
    case 'staff':
      return !hasToken ? { kind: 'external' } : partner ? { kind: 'denied' } : { kind: 'allow' };
    case 'staffCustomerAdmin':
      return !hasToken ? { kind: 'external' } : partner ? { kind: 'denied' } : { kind: 'check', permission: 'customerAdmin' };
    case 'staffGrievanceDashboard':
      return !hasToken
        ? { kind: 'external' }
        : partner
          ? { kind: 'denied' }
          : { kind: 'check', permission: 'grievanceDashboard' };
  }
}

function ExternalLogin() {
  useEffect(() => leaveApp(webConfig.externalLoginUrl), []);
  return null;
}

async function deny() {
  await showAlert(i18next.t('messages:accessDenied'));
  leaveApp(webConfig.externalLoginUrl);
}

function Denied() {
  useEffect(() => void deny(), []);
  return null;
}

/** Asks the server for a staff permission; denial and failure alert, then go to the external login. */
function PermissionCheck({ permission, children }: { permission: 'customerAdmin' | 'grievanceDashboard'; children: ReactNode }) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let active = true;
    import('./permission.ts')
      .then(({ holdsPermission }) => holdsPermission(permission))
      .then(async (holds) => {
        if (!active) return;
        if (holds) setAllowed(true);
        else await deny();
      })
      .catch(async (error: unknown) => {
        if (!active || error instanceof SessionEndedError) return;
        await showAlert(i18next.t('messages:navigationError'));
        leaveApp(webConfig.externalLoginUrl);
      });
    return () => {
      active = false;
    };
  }, [permission]);
  return allowed ? <>{children}</> : null;
}

/**
 * The session as it was when the current page was entered. A guard decides on entering a route:
 * when the session ends or starts on a page (logout, idle, sign-in), the flow that changed it also
 * says where to go, and the guard must not race it to a redirect of its own.
 */
function useSessionAtEntry(): SessionSnapshot {
  const { pathname } = useLocation();
  const live = useSession();
  const [entry, setEntry] = useState({ pathname, session: live });
  if (entry.pathname !== pathname) {
    setEntry({ pathname, session: live });
    return live;
  }
  return entry.session;
}

export function Guard({ guard, children }: { guard: GuardName; children: ReactNode }) {
  const decision = decide(guard, useSessionAtEntry());
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'external':
      return <ExternalLogin />;
    case 'denied':
      return <Denied />;
    case 'check':
      return <PermissionCheck permission={decision.permission}>{children}</PermissionCheck>;
  }
}
