import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Each script and stylesheet also written brotli-compressed at the highest quality (x.js.br), which
 * the server sends as it is: compressing on each answer uses a quick, lighter setting (/home's
 * JavaScript was 10 % larger over the wire that way).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        if (source.length < 1024) continue;
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        writeFileSync(path.join(options.dir!, `${fileName}.br`), compressed);
      }
    },
  };
}

// In `npm run dev` the API and gateway run on the stack's origin; Vite proxies to them so the
// browser still sees one origin, as in production.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  base: '/PartnerMgmtApp/',
  plugins: [react(), precompress()],
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
            // The rest of what the entry loads (tree-shaken: what it uses of a module, not all of
            // it). Rolldown gives each module shared by the entry and a lazy page a chunk of its own:
            // /home loaded 15 scripts before its load event, a dozen under 1 KB, each a request with
            // its headers. Every page loads these anyway, so one file for them costs no byte more.
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
