/**
 * `npm run dev`: the API (node server/main.ts on API_PORT, default 3000) and Vite's dev server
 * (port 5173, /api proxied to the API) side by side. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--experimental-strip-types', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stopAll(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
