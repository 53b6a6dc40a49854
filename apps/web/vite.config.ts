import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';

// Libraries the shell needs for its first paint share one long-lived vendor chunk. The HTTP client
// has its own chunk, fetched with the first page that calls the API; each page is its own lazy chunk.
const VENDOR_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/;
const HTTP_PACKAGES = /[\\/]node_modules[\\/]axios[\\/]/;

const LANDING_ROUTE_MODULE = 'src/app/routes/home.tsx';

/**
 * The landing page's chunk is only discovered once the entry has run; announcing it (and the
 * English strings, which every language loads as its fallback) in index.html lets the browser
 * fetch them in parallel with the entry, which shortens the home page's LCP.
 */
function preloadLandingRoute(): Plugin {
  return {
    name: 'tips:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/locales/en.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
        ];
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(LANDING_ROUTE_MODULE));
        if (!landing) return tags;
        for (const file of [landing.fileName, ...landing.imports]) {
          // The entry and what it imports are already in the page.
          if (html.includes(`/${file}"`) || chunks.some((chunk) => chunk.isEntry && chunk.fileName === file))
            continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

export default defineConfig({
  // Builds into apps/web/dist wherever the command is run from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadLandingRoute()],
  server: {
    port: 5173,
    // `de.localhost` etc. select the language in development.
    allowedHosts: ['.localhost'],
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    allowedHosts: ['.localhost'],
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR_PACKAGES, priority: 10 },
            { name: 'http', test: HTTP_PACKAGES, priority: 10 },
          ],
        },
      },
    },
  },
});
