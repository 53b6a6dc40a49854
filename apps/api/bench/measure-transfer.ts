/**
 * Bytes on the wire for the home page's first load: index.html, the scripts, styles and preloads
 * it names, and the English locale, each fetched as Chromium asks for it (Accept-Encoding: gzip,
 * deflate, br, zstd) against an already-running server. Prints one row per file and the total,
 * raw (decoded) and as sent, with the Content-Encoding and Cache-Control the server chose.
 *
 *   npx tsx apps/api/bench/measure-transfer.ts [url]
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const base = new URL(process.argv[2] ?? process.env.MEASURE_URL ?? 'http://localhost:3000/');

interface Fetched {
  path: string;
  sent: number;
  raw: number;
  encoding: string;
  cacheControl: string;
  body: string;
}

function get(path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, base),
      { headers: { accept: 'text/html,*/*', 'accept-encoding': 'gzip, deflate, br, zstd' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({
            path,
            sent: wire.length,
            raw: decoded.length,
            encoding,
            cacheControl: String(response.headers['cache-control'] ?? ''),
            body: decoded.toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

const page = await get('/');
const named = [...page.body.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|json))"/g)].map((m) => m[1]);
const files = [page, ...(await Promise.all([...new Set([...named, '/locales/en.json'])].map(get)))];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('| File | Raw | Sent | Encoding | Cache-Control |\n| --- | --- | --- | --- | --- |');
for (const f of files)
  console.log(`| ${f.path} | ${kb(f.raw)} | ${kb(f.sent)} | ${f.encoding} | ${f.cacheControl} |`);
const total = (key: 'raw' | 'sent') => files.reduce((sum, f) => sum + f[key], 0);
console.log(`| **Total (${files.length} files)** | ${kb(total('raw'))} | **${kb(total('sent'))}** | | |`);
