import type { RouteLoad, TargetReport } from './bench-target';
import type { LoadResult } from './load';
import type { BenchSettings } from './settings';
import { percentile, type Timing } from './sql-timings';
import type { LandingJs, PageLoad } from './web-metrics';

/** The benchmark's output: Markdown tables, pasted as they are into docs/performance.md. */

const fmtInt = (n: number) => Math.round(n).toLocaleString('en');
const fmtMs = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '–');
const mark = (ok: boolean) => (ok ? 'yes' : '**no**');
const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function routeGoal(kind: TargetReport['kind'], row: RouteLoad, baseline: LoadResult): [string, string] {
  const ratio = row.requestsPerSecond / baseline.requestsPerSecond;
  if (row.cache === 'cached') return ['≥ 80 % of hello, p99 ≤ 30 ms', mark(ratio >= 0.8 && row.p99Ms <= 30)];
  if (row.cache === 'uncached' && kind === 'postgres') {
    return ['≥ 500 req/s, p99 ≤ 200 ms', mark(row.requestsPerSecond >= 500 && row.p99Ms <= 200)];
  }
  if (row.cache === 'uncached')
    return ['≥ 200 req/s, p99 ≤ 1 s', mark(row.requestsPerSecond >= 200 && row.p99Ms <= 1000)];
  return ['–', '–'];
}

function statusNote(result: LoadResult): string {
  const other = Object.entries(result.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count}×${code}`);
  if (result.errors > 0) other.push(`${result.errors} errors`);
  return other.length === 0 ? '0' : other.join(', ');
}

export function loadTable(reports: TargetReport[]): string {
  const rows: string[][] = [];
  for (const r of reports) {
    const db = r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const base = r.baseline;
    rows.push([
      db,
      base.name,
      '–',
      fmtInt(base.requestsPerSecond),
      fmtMs(base.p50Ms),
      fmtMs(base.p99Ms),
      '–',
      '–',
      statusNote(base),
      '–',
      '–',
    ]);
    for (const row of r.routes) {
      const [goal, met] = routeGoal(r.kind, row, r.baseline);
      const cache = row.cache === 'cached' ? `cached (${r.cacheStore})` : row.cache;
      const sameBytes = row.sameBytes
        ? `${percent(row.requestsPerSecond, row.sameBytes.requestsPerSecond)} of ${fmtInt(row.sameBytes.requestsPerSecond)}`
        : '–';
      rows.push([
        db,
        row.route,
        cache,
        fmtInt(row.requestsPerSecond),
        fmtMs(row.p50Ms),
        fmtMs(row.p99Ms),
        percent(row.requestsPerSecond, r.baseline.requestsPerSecond),
        sameBytes,
        statusNote(row),
        goal,
        met,
      ]);
    }
  }
  return table(
    [
      'Database',
      'Route',
      'Cache',
      '2xx/s',
      'p50 ms',
      'p99 ms',
      'vs hello',
      'vs same bytes',
      'non-2xx',
      'Goal',
      'Met',
    ],
    rows,
  );
}

function sqlGoal(t: Timing): [string, string] {
  if (t.name.startsWith('tip list page 1 + total (defaults)')) {
    return ['≤ 3 ms median, ≤ 10 ms p99', mark(t.medianMs <= 3 && t.p99Ms <= 10)];
  }
  if (t.name.startsWith('statistics: all 5')) return ['≤ 25 ms median', mark(t.medianMs <= 25)];
  // QUALITY: "purchase or settlement transaction ≤ 3 ms median"; the settlement request adds the
  // record refresh after its commit (decision 107), measured beside it without a goal of its own.
  if (t.name.startsWith('purchase') || t.name.startsWith('settlement transaction')) {
    return ['≤ 3 ms median', mark(t.medianMs <= 3)];
  }
  return ['–', '–'];
}

export function sqlTable(reports: TargetReport[]): string {
  const rows: string[][] = [];
  for (const r of reports) {
    const db = r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    for (const t of r.sql) {
      const [goal, met] = sqlGoal(t);
      rows.push([
        db,
        t.name,
        fmtMs(t.medianMs),
        fmtMs(t.p99Ms),
        t.explainMs === undefined ? '–' : fmtMs(t.explainMs),
        String(t.runs),
        goal,
        met,
        t.plan ?? '',
      ]);
    }
  }
  return table(
    ['Database', 'What', 'median ms', 'p99 ms', 'EXPLAIN ANALYZE ms', 'runs', 'Goal', 'Met', 'Scans'],
    rows,
  );
}

export function webTable(js: LandingJs | null, loads: PageLoad[] | null): string {
  const rows: string[][] = [];
  if (js) {
    rows.push([
      'Landing route JavaScript (entry + modulepreloads + static imports, gzip -6)',
      `${(js.gzipBytes / 1024).toFixed(1)} KB in ${js.files.length} files`,
      '≤ 160 KB',
      mark(js.gzipBytes <= 160 * 1024),
    ]);
  }
  if (loads && loads.length > 0) {
    const lcp = percentile(
      loads.map((l) => l.lcpMs),
      0.5,
    );
    const cls = Math.max(...loads.map((l) => l.cls));
    const fetched = loads[0];
    rows.push([
      `Home page LCP, median of ${loads.length} (${loads.map((l) => Math.round(l.lcpMs)).join(', ')} ms; element ${fetched.lcpElement || '?'})`,
      `${Math.round(lcp)} ms`,
      '≤ 2.0 s',
      mark(lcp <= 2000),
    ]);
    rows.push([`Home page CLS, worst of ${loads.length}`, cls.toFixed(3), '≤ 0.1', mark(cls <= 0.1)]);
    rows.push([
      'Scripts Chromium fetched for the home page (gzip -6)',
      `${(fetched.scriptsGzipBytes / 1024).toFixed(1)} KB in ${fetched.scripts} files`,
      '–',
      '–',
    ]);
  }
  return table(['What', 'Measured', 'Goal', 'Met'], rows);
}

export function datasetLine(settings: BenchSettings, reports: TargetReport[]): string {
  const seed = reports[0]?.seed;
  if (!seed) return '';
  const times = reports.map((r) => `${r.kind} ${(r.seed.ms / 1000).toFixed(0)} s`).join(', ');
  return (
    `Dataset: ${fmtInt(seed.tips)} tips (${fmtInt(seed.openTips)} open, ${fmtInt(seed.awaitingSettlement)} awaiting settlement, ` +
    `${fmtInt(seed.settledTips)} settled over two years) by ${fmtInt(seed.tipsters)} tipsters, ${fmtInt(seed.statsRows)} ` +
    `tipster_stats rows, ${fmtInt(settings.buyers)} buyers. Seeded with generate_series; tipster_stats and last_results ` +
    `built in bulk with INSERT … SELECT … GROUP BY (bench only, same formulas as settlement). Seeding took ${times}.`
  );
}
