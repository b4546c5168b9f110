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

const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devBrand()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    // scripts/prerender.mjs finds each language's chunk through it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget },
  },
});
