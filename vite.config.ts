import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * In development Vite serves index.html, so it fills in the brand the way the production server does
 * (src/server/plugins/static.ts): from BRAND_NAME, without a rebuild and without an inline script.
 */
function devBrand(): Plugin {
  return {
    name: 'dev-brand',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', process.env.BRAND_NAME || 'Rollick'),
  };
}

/**
 * lucide's icons draw through src/client/lib/icon.ts, which makes the same markup (icon.test.tsx) without lucide's
 * context provider and stroke scaling: about 1 KiB less on every page's first load.
 */
function compactIcons(): Plugin {
  const drawer = path.resolve('src/client/lib/icon.ts');
  return {
    name: 'compact-icons',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '../createLucideIcon.mjs' && importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
        ? drawer
        : null,
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devBrand(), compactIcons()],
  resolve: {
    alias: [
      // wouter still ships the shim for React 17; React 19 has the hook built in.
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'react' },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    // scripts/prerender.mjs finds each language's chunk through it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs first (React, the translator, the shared primitives, the public pages'
              // header) travels as one file: each extra file of a phone's first load costs a request and its
              // headers. The landing page's and the admin login's own modules stay out of it.
              name: 'runtime',
              test: /node_modules[\\/](react|react-dom|scheduler|clsx)[\\/]|lucide-react[\\/].*(chevron-down|refresh-cw|handshake)|src[\\/]client[\\/](start\.tsx|app[\\/](router|provider|screens)\.tsx|lib[\\/](i18n|translator|cn|icon|use-document-title|scroll)\.ts|components[\\/](ui[\\/](button|input)\.tsx|layouts[\\/]public-layout\.tsx|form[\\/]form-layout\.ts))|src[\\/]shared[\\/](language|funnel\.ts)/,
              priority: 10,
            },
            {
              // The small modules the admin sign-in shares with the back office and the public forms (the API
              // client, the messages and their label, the text rules, the login's rules and session check, the
              // shield icon) travel as one file instead of one each: each file of the sign-in's first load costs
              // a request and its headers.
              name: 'forms-shared',
              test: /src[\\/](client[\\/](lib[\\/](api-client|messages)\.ts|components[\\/]ui[\\/]label\.tsx|features[\\/]auth[\\/]api[\\/]auth-status\.ts)|shared[\\/](error-codes|limits|text-characters|messages[\\/]message|schemas[\\/]login-check)\.ts)|lucide-react[\\/].*icons[\\/]shield-check/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget },
  },
});
