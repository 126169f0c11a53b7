import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the PWA only when dist/ is missing or older than what it is built from,
 * then starts the server. After a power cut the shop's server is back within seconds instead of
 * rebuilding for a quarter of a minute first (issue 23).
 *
 * "Older" is decided by a stamp: a hash of the path, size and modification time of every source
 * file of the build, written to dist/.build-stamp after a successful build. Any edit, a pulled
 * update or a new package-lock.json changes it; nothing else does.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const sourceFiles = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts/precompress-plugin.ts',
];
const sourceDirs = ['src', 'sw', 'domain', 'public'];

function* filesUnder(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export function buildStamp(): string {
  const files = [
    ...sourceFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
    ...sourceDirs.flatMap((dir) => [...filesUnder(path.join(root, dir))]),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${path.relative(root, file)}\t${stat.size}\t${Math.trunc(stat.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

function builtStamp(): string | undefined {
  if (!existsSync(path.join(dist, 'index.html'))) return undefined;
  try {
    return readFileSync(stampFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const stamp = buildStamp();
if (builtStamp() === stamp) {
  console.log('The PWA in dist/ is up to date: starting the server.');
} else {
  console.log('Building the PWA (dist/ is missing or older than its sources)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The PWA build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
  writeFileSync(stampFile, `${stamp}\n`);
}
await import('../server/main.ts');
