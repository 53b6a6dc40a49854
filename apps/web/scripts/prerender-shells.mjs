// Writes dist/shells/<language>.json: for each public page, the HTML of the app's first render for
// a visitor (header, the page's top, its placeholders), rendered with React on the server at build
// time. The API puts it inside <div id="root"> of the page it sends (apps/api plugins/crawlers.ts),
// so the page paints before its scripts have even been requested, and React's first render
// replaces it with the same markup (issue #32.3, decision 194). Run by `npm run build` after
// `vite build`, which wrote the merged locale files this reads.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
const outDir = path.join(webDir, 'node_modules/.prerender');

/** The pages a visitor reaches without signing in; other paths get no shell. */
export const SHELL_PAGES = [
  '/',
  '/today-tips',
  '/today-tips/premium',
  '/today-tips/senior',
  '/today-ai-tips',
  '/tipsters',
  '/tipsters/premium',
  '/tipster-statistics',
  '/livescores',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/safer-gambling',
  '/tipster-charter',
  '/tipster-tiers',
  '/login',
  '/register',
  '/forgot-password',
];

async function main() {
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    plugins: [react()],
    publicDir: false,
    build: { ssr: 'src/prerender/render-shell.tsx', outDir, emptyOutDir: true, minify: false },
  });
  const { initShellI18n, renderShell, LANGUAGES } = await import(
    pathToFileURL(path.join(outDir, 'render-shell.js')).href
  );
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(path.join(distDir, 'locales', `${language}.json`), 'utf8')),
    ]),
  );
  await initShellI18n(translations);
  const shellsDir = path.join(distDir, 'shells');
  rmSync(shellsDir, { recursive: true, force: true });
  mkdirSync(shellsDir);
  let bytes = 0;
  for (const language of LANGUAGES) {
    const shells = {};
    for (const page of SHELL_PAGES) {
      shells[page] = await renderShell(page, language);
    }
    const json = `${JSON.stringify(shells)}\n`;
    bytes += json.length;
    writeFileSync(path.join(shellsDir, `${language}.json`), json);
  }
  rmSync(outDir, { recursive: true, force: true });
  console.log(
    `prerender-shells: ${SHELL_PAGES.length} pages × ${LANGUAGES.length} languages, ${(bytes / 1024).toFixed(0)} KB`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
