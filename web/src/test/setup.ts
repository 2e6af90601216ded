import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n/index.ts';
import { alerts, pendingRequests } from '../lib/ui-state.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  alerts.set([]);
  pendingRequests.set(0);
});
