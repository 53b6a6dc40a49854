// Builds public/locales/{lng}.json from the per-area fragments in locales/<area>/{lng}.json.
// Areas are owned by different features, so no two people edit one big file; a leaf key defined
// by two areas is an error. Run by `dev`, `build` and the locale test (which also checks the
// committed output is current).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'locales');
const outDir = path.join(root, 'public', 'locales');

function mergeInto(target, source, where) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') {
      if (typeof target[key] === 'string') throw new Error(`${where}: '${key}' is both a string and a group`);
      target[key] ??= {};
      mergeInto(target[key], value, `${where}.${key}`);
    } else {
      if (key in target) throw new Error(`${where}: key '${key}' is defined by two areas`);
      target[key] = value;
    }
  }
}

export function mergeLocales() {
  const areas = readdirSync(sourceDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const merged = {};
  for (const area of areas) {
    for (const file of readdirSync(path.join(sourceDir, area)).filter((f) => f.endsWith('.json'))) {
      const lng = file.slice(0, -5);
      merged[lng] ??= {};
      mergeInto(
        merged[lng],
        JSON.parse(readFileSync(path.join(sourceDir, area, file), 'utf8')),
        `${area}/${file}`,
      );
    }
  }
  return merged;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(outDir, { recursive: true });
  for (const [lng, tree] of Object.entries(mergeLocales())) {
    writeFileSync(path.join(outDir, `${lng}.json`), `${JSON.stringify(tree, null, 2)}\n`);
  }
}
