import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The processes of tests/bench/postgres-scale-bench.ts: real API processes (`server/main.ts`,
 * started as tests/api/scale-out-recipe.test.ts starts them) and HAProxy with the deployment
 * recipe's own configuration (deploy/haproxy.cfg), its backend widened to the processes running.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
// Debian puts it in /usr/sbin, which a non-root PATH may lack.
export const haproxyBin = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
}

/** One API process on loopback, plain HTTP (the proxy speaks HTTPS), ready when it answers. */
export async function startApi(env: {
  DATA_DIR: string;
  JWT_SECRET: string;
  DATABASE_URL?: string;
}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-strip-types', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? '',
      TLS: 'off',
      TRUST_PROXY: '127.0.0.1',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok,
    `the API process on ${port}`,
  );
  return { child, port };
}

/**
 * deploy/haproxy.cfg as written, except that its two `server` lines become one per API port.
 * Returns the path of the configuration written into `dir`.
 */
export function proxyConfig(dir: string, ports: readonly number[]): string {
  const recipe = readFileSync(path.join(repoRoot, 'deploy', 'haproxy.cfg'), 'utf8');
  const serverLines = /^ {2}server api1 .*\n {2}server api2 .*$/m;
  if (!serverLines.test(recipe)) throw new Error('deploy/haproxy.cfg no longer has api1, api2');
  const servers = ports
    .map((_, index) => `  server api${index + 1} "\${API${index + 1}}" check`)
    .join('\n');
  const file = path.join(dir, `haproxy-${ports.length}.cfg`);
  writeFileSync(file, recipe.replace(serverLines, servers));
  return file;
}

/** HAProxy in the foreground with the recipe's configuration, TLS at the proxy. */
export function startProxy(
  configFile: string,
  bind: string,
  pem: string,
  ports: readonly number[],
): ChildProcess {
  const apis = Object.fromEntries(
    ports.map((port, index) => [`API${index + 1}`, `127.0.0.1:${port}`]),
  );
  return spawn(haproxyBin, ['-db', '-f', configFile], {
    env: { ...process.env, PROXY_BIND: bind, PROXY_CERT: pem, ...apis },
    stdio: 'ignore',
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * CPU time used so far by the PostgreSQL backends serving `database` (their process titles read
 * "postgres: <user> <database> …"), in ms: the database's own cost of this bench's orders, apart
 * from other databases on the same server. Shared work (WAL writer, checkpointer) is not in it.
 */
export function postgresBackendsCpuMs(database: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    if (title.startsWith('postgres: ') && title.includes(` ${database} `)) {
      total += cpuMs(Number(entry));
    }
  }
  return total;
}
