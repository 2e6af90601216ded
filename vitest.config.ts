import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['contract/src/**/*.test.ts', 'fixtures/src/**/*.test.ts', 'platform/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['testing/src/fail-on-console-error.ts'],
        },
      },
      {
        // The web app's units and components, in a browser-like DOM, against no server.
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: ['web/src/boot/build/**'],
          // Under the app's base path, as built (import.meta.env.BASE_URL: the logo's address).
          env: { BASE_URL: '/PartnerMgmtApp/' },
          environment: 'jsdom',
          setupFiles: ['testing/src/fail-on-console-error.ts', 'web/src/test/setup.ts'],
          // A page test types and waits for answers; on a loaded machine that outlasts the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        // The web app's build (its Vite plugins), in Node as the build runs.
        test: {
          name: 'web-build',
          include: ['web/src/boot/build/*.test.ts'],
          environment: 'node',
          setupFiles: ['testing/src/fail-on-console-error.ts'],
        },
      },
      {
        // Everything that needs Postgres shares one embedded server (one global setup).
        test: {
          name: 'integration',
          include: ['prisma/src/**/*.test.ts', 'server/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['testing/src/global-setup.ts'],
          setupFiles: ['testing/src/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
