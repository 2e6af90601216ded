import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' } },
      {
        // Everything that needs Postgres shares one embedded server (one global setup).
        test: {
          name: 'integration',
          include: ['server/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test/global-setup.ts'],
          setupFiles: ['server/src/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
