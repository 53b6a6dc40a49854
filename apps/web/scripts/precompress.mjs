// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app
// (apps/web/dist), once at build time, at the strongest settings: the API serves them as they are
// (@fastify/static `preCompressed`, chosen by Accept-Encoding), so no request pays for compression.
// A copy that would not be smaller is not written. Run by `npm run build` after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
// Below about one TCP packet compression saves nothing worth a second file.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export function precompress(distDir) {
  let raw = 0;
  let brotli = 0;
  let gzip = 0;
  for (const file of files(distDir)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]:
          file.endsWith('.json') || file.endsWith('.svg') ? 0 : constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    raw += body.length;
    if (br.length < body.length) {
      writeFileSync(`${file}.br`, br);
      brotli += br.length;
    }
    if (gz.length < body.length) {
      writeFileSync(`${file}.gz`, gz);
      gzip += gz.length;
    }
  }
  return { raw, brotli, gzip };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const { raw, brotli, gzip } = precompress(distDir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${kb(raw)} of text assets: brotli ${kb(brotli)}, gzip ${kb(gzip)}`);
}
