import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';

// Libraries the shell needs for its first paint share one long-lived vendor chunk. The HTTP client
// has its own chunk, fetched with the first page that calls the API; every page but the landing
// page is its own lazy chunk (src/app/router.tsx). The app code the landing page runs (the entry's
// static imports, `$initial`) is one chunk, so `/` fetches a handful of scripts rather than ten tiny
// common chunks split off for the lazy pages that share them (decision 043). The vendor chunk
// takes only the library modules the landing route loads (`$initial`): library code that only lazy
// pages use (react-i18next's <Trans>, TanStack's mutations…) goes with those pages, not into `/`.
// React DOM has a chunk of its own, preloaded with the entry: main.tsx imports `react-dom/client`
// dynamically so that its module body runs when the root is created, not in the one task that
// evaluates the entry's modules (issue #32.3); outside the `$initial` graph it would otherwise be
// a lazy chunk fetched only then.
const VENDOR_PACKAGES =
  /[\\/]node_modules[\\/](react|scheduler|react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/;
const REACT_DOM_PACKAGE = /[\\/]node_modules[\\/]react-dom[\\/]/;
const HTTP_PACKAGES = /[\\/]node_modules[\\/]axios[\\/]/;

// The site's languages, as the locale files name them (the same list as LANGUAGES in the contract).
const LANGUAGES = readdirSync(fileURLToPath(new URL('public/locales', import.meta.url)))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/**
 * Fetches the page's locale files in parallel with the scripts rather than after them.
 *
 * English is every language's fallback, so index.html preloads /locales/en.json. The subdomain's
 * language is only known in the browser: a tiny classic `async` script, which runs as soon as it
 * arrives (module scripts wait for their whole module graph), adds a `<link rel="preload">` for
 * it, and i18next's fetch of the same URL is then served by that preload (unless i18next has
 * already asked for it, `data-i18n` on <html>). A file, not inline code, because of the CSP.
 * Decision 043.
 */
function preloadLocales(): Plugin {
  const script =
    `(function(){var l=${JSON.stringify(LANGUAGES)},c=location.hostname.toLowerCase().split(".")[0];` +
    `if(c==="en"||l.indexOf(c)<0||document.documentElement.hasAttribute("data-i18n"))return;var k=document.createElement("link");k.rel="preload";` +
    `k.as="fetch";k.crossOrigin="anonymous";k.href="/locales/"+encodeURIComponent(c)+".json";` +
    `document.head.appendChild(k)})();\n`;
  let scriptFile: string | undefined;
  return {
    name: 'tips:preload-locales',
    apply: 'build',
    generateBundle() {
      scriptFile = this.getFileName(
        this.emitFile({ type: 'asset', name: 'preload-locale.js', source: script }),
      );
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/locales/en.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
        ];
        if (scriptFile)
          tags.unshift({ tag: 'script', attrs: { async: true, src: `/${scriptFile}` }, injectTo: 'head' });
        return tags;
      },
    },
  };
}

/**
 * The favicon goes into index.html as a data: address. As a file it was one more request at the
 * start of every page, holding one of the browser's six connections while the scripts waited for
 * one (Lighthouse's slow-4G simulation, issue #32.3). public/favicon.svg stays the one source.
 */
function inlineFavicon(): Plugin {
  const svg = readFileSync(fileURLToPath(new URL('public/favicon.svg', import.meta.url)), 'utf8').trim();
  const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  return {
    name: 'tips:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes('href="/favicon.svg"'))
        throw new Error('inline-favicon: index.html names no /favicon.svg');
      return html.replace('href="/favicon.svg"', `href="${dataUrl}"`);
    },
  };
}

/**
 * `route-chunks.json` beside index.html: for each lazily loaded page of src/app/router.tsx, its
 * path pattern and the scripts its chunk needs beyond the entry's. The server writes them as
 * `<link rel="modulepreload">` into the HTML of a page at that path (apps/api plugins/crawlers.ts),
 * so they download with the entry instead of after it has run: one round trip less before the
 * page's first paint, the LCP of every page but `/` (issue #32, decision 122). Patterns come
 * from the router's own table (`{ path: '…', … import('./routes/…') }`), so they cannot drift.
 */
const ROUTE_LINE = /\{\s*(?:index:\s*true|path:\s*'([^']*)')[^\n]*/g;
const LAZY_MODULE = /import\('\.\/routes\/([\w-]+)'\)/;

function routeChunks(): Plugin {
  return {
    name: 'tips:route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const routerSource = readFileSync(
        fileURLToPath(new URL('src/app/router.tsx', import.meta.url)),
        'utf8',
      );
      // Every page line of the table, in order (the index route is path ''); pages in the entry
      // (the landing page) have no module of their own.
      const routes = [...routerSource.matchAll(ROUTE_LINE)].map(([line, path = '']) => ({
        path,
        module: LAZY_MODULE.exec(line)?.[1],
      }));
      if (!routes.some((route) => route.module))
        this.error('route-chunks: no lazy route in src/app/router.tsx');
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What the entry loads anyway (index.html lists it and its static imports).
      const initial = new Set<string>();
      const collect = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, initial);
      const table = routes.map(({ path, module }) => {
        const chunk = chunks.find(
          (c) => module && c.isDynamicEntry && c.facadeModuleId?.endsWith(`/src/app/routes/${module}.tsx`),
        );
        if (module && !chunk) this.error(`route-chunks: no chunk for src/app/routes/${module}.tsx`);
        const files = new Set<string>();
        if (chunk) collect(chunk.fileName, files);
        return { path, files: [...files].filter((file) => !initial.has(file)).map((file) => `/${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: `${JSON.stringify(table)}\n` });
    },
  };
}

/**
 * Explicit compile hints (Chromium 136+): `//# allFunctionsCalledOnLoad` as a script's first line
 * makes V8 compile all its functions eagerly, on a background thread while the file streams in,
 * instead of lazily on the main thread the first time each runs. Most of the library chunk runs
 * before the home page's first paint. Other browsers read a comment. Decision 043.
 */
const EAGER_CHUNKS = new Set(['vendor', 'react-dom']);

// A post-banner lands after minification (which drops comments) and counts in the file's hash.
function compileHint(chunk: { name: string }): string {
  return EAGER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '';
}

export default defineConfig({
  // Builds into apps/web/dist wherever the command is run from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadLocales(), inlineFavicon(), routeChunks()],
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
        postBanner: compileHint,
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR_PACKAGES, tags: ['$initial'], priority: 10 },
            { name: 'react-dom', test: REACT_DOM_PACKAGE, priority: 11 },
            { name: 'http', test: HTTP_PACKAGES, priority: 10 },
            { name: 'shell', tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
});
