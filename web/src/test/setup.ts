import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next, { i18nReady } from '../i18n/index.ts';
import { alerts, pendingRequests } from '../lib/ui-state.ts';
import { session } from '../session/session.ts';

// jsdom lays nothing out, so it has no scrolling of elements; the chat log scrolls itself down.
if (!('scrollTo' in Element.prototype)) Object.defineProperty(Element.prototype, 'scrollTo', { value: () => undefined });

// findBy… waits for a state; on a loaded machine a page's first answer can take more than the default second.
configure({ asyncUtilTimeout: 5_000 });

await i18nReady;

afterEach(async () => {
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  cleanup();
  sessionStorage.clear();
  session.reload();
  localStorage.clear();
  alerts.set([]);
  pendingRequests.set(0);
});
