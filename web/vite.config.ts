import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the API and gateway run on the stack's origin; Vite proxies to them so the
// browser still sees one origin, as in production.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  base: '/PartnerMgmtApp/',
  plugins: [react()],
  server: {
    proxy: {
      '/partner-api': apiOrigin,
      '/chatbot': { target: apiOrigin, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Every page needs React, the router, React Query and i18next: one file for them, not a
        // dozen small ones (each a request with its headers before the first paint).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
