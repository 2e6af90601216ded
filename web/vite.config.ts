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
  },
});
