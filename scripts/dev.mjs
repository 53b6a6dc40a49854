// `npm run dev`: the API with reload (port 3000) and the Vite dev server (proxying /api to it).
// Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tips/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@tips/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
