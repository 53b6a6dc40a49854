#!/usr/bin/env node
// `npm start` and `npm run serve` run this first (issue #31.2, decision 116): one line, before any
// build or import that would fail on an old Node with a stack trace instead. Plain syntax only:
// it must itself run on the versions it turns away.
//
//   24 (from 24.0)  recommended (Active LTS until Oct 2026, maintained until Apr 2028)
//   22 (from 22.12) supported   (maintained until Apr 2027)
//   20 (from 20.19) runs, with a warning: past its end of life (Apr 2026); kept only because some
//                   machines (this repository's CI among them) still carry it
//   anything older  refused: Vite, the API build and the built server fail on Node 18
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECOMMENDED = 24;
export const SUPPORTED = '24 (recommended) or 22.12+';
const GET_NODE = 'npx -y -p node@24 npm start';

/** { level: 'ok' | 'warn' | 'refuse', message } for a version string such as "20.20.2". */
export function nodeVerdict(version) {
  const [major, minor] = version.split('.').map(Number);
  if (major >= 24 || (major === 22 && minor >= 12) || major === 23) return { level: 'ok', message: '' };
  if ((major === 20 && minor >= 19) || major === 21 || major === 22) {
    return {
      level: 'warn',
      message: `Node ${version} is not supported (past its end of life); it runs for now, but use Node ${SUPPORTED}: e.g. ${GET_NODE}`,
    };
  }
  return {
    level: 'refuse',
    message: `Node ${version} is too old for Tips Market: it needs Node ${SUPPORTED} (e.g. ${GET_NODE}; see README › Prerequisites)`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const verdict = nodeVerdict(process.versions.node);
  if (verdict.level !== 'ok') console.error(verdict.message);
  if (verdict.level === 'refuse') process.exit(1);
}
