import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { createDatabase, newId, nowIso } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/modules/users/password.ts';
import { createTokenService } from '../../server/plugins/tokens.ts';
import { checkState, readState, type StateSource } from './durability-state.ts';
import { eachConcurrently, placeOrdersUntil, sendOrder } from './durability-load.ts';

/**
 * Durability under an abrupt kill: no order acknowledged with 201 is ever lost or applied twice
 * when the server process dies mid-load: on SQLite (group commit: server/db/group-commit.ts) and,
 * with `databaseUrl`, on PostgreSQL, where an order is one autocommitted statement that records
 * its own Idempotency-Key (decision 0044): a statement the killed process sent may still commit
 * after the kill, and a repeat of it must be answered from its record.
 *
 * One temporary DATA_DIR (and on PostgreSQL a database of its own, dropped afterwards) with one
 * hardware employee and one hardware product (seeded directly in the database). The orders carry
 * no client id, so on PostgreSQL a repeat is not stopped by the order id: it must fail on the
 * key's record and roll back whole. Each round:
 * 1. starts the real server as a child process (`node server/main.ts`) and waits for /health;
 * 2. 20 clients place single orders (quantity 1, each its own Idempotency-Key, as the PWA's outbox
 *    sends them) and record every 201 with its order id;
 * 3. after a random 0.5–2 s the child gets SIGKILL while requests are in flight (clients start no
 *    new request once the kill is decided);
 * 4. the database is read directly (on PostgreSQL once the killed process's sessions have ended):
 *    every acknowledged key must have its order exactly once,
 *    every order must belong to exactly one key, and the stock must equal the seeded quantity
 *    minus the orders' quantities;
 * 5. the server is started again on the same DATA_DIR; every unacknowledged request is re-sent
 *    twice with its key (the first answer must be the order already applied, with
 *    Idempotent-Replayed, or one new order; the second must replay that same order), and every
 *    acknowledged key once (it must replay its original order); then the server is stopped and
 *    the database checked again as in 4.
 * SIGKILL tests what the process acknowledges, not what the disk keeps on power loss: the
 * kernel still writes out what the database handed it. Not part of the test suite (20–30 s each).
 */
export interface DurabilityRoundFigures {
  round: number;
  killAfterMs: number;
  /** Requests started. */
  sent: number;
  /** Answered 201 with an order id. */
  acknowledged: number;
  /** Sent without a 201 answer (cut by the kill, or answered otherwise). */
  unacknowledged: number;
  /** This round's keys with an order in the database after the kill. */
  inDatabase: number;
  /** Acknowledged keys (of any round) without their order, after the kill or after the replays. */
  lost: number;
  /** Orders beyond one per key, orders without a key, or a replay answered with another order. */
  duplicates: number;
  stockConsistent: boolean;
  /** Unacknowledged keys whose first re-send answered the order applied before the kill. */
  replayedOriginal: number;
  /** Unacknowledged keys whose first re-send created their (only) order. */
  appliedOnResend: number;
  /** Answers other than 201 during the load, by status. */
  otherStatuses: Record<string, number>;
  /** Every discrepancy found, with its key. */
  problems: string[];
}

export interface DurabilityBenchResult {
  database: 'SQLite' | 'PostgreSQL';
  rounds: DurabilityRoundFigures[];
  ok: boolean;
  /** Why the PostgreSQL arm did not run (no server), when it did not. */
  skipped?: string;
}

export interface DurabilityBenchOptions {
  rounds?: number;
  clients?: number;
  seededQuantity?: number;
  /** A PostgreSQL server (TEST_DATABASE_URL): run on a database of its own there, not SQLite. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

const repoRoot = resolve(import.meta.dirname, '../..');
/** The PostgreSQL server the benches use (a database of their own is made on it). */
export const postgresServerUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const department = 'hardware';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

interface RunningServer {
  child: ChildProcess;
  base: string;
  /** Resolves when the process has exited (whatever the cause). */
  exited: Promise<void>;
}

/** Every child started, so `finally` can kill whatever is still running. */
const children = new Set<RunningServer>();

/** The server's DATA_DIR, and its PostgreSQL database when it runs on one. */
interface Storage {
  dataDir: string;
  databaseUrl?: string;
}

/** A database of its own on the PostgreSQL server, and how to drop it. */
async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_durability_${randomUUID().slice(0, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

async function startServer(storage: Storage): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-strip-types', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: storage.dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      // Empty counts as unset: SQLite in DATA_DIR, the JWT secret file the seeding created.
      DATABASE_URL: storage.databaseUrl ?? '',
      JWT_SECRET: '',
      TOKEN_TTL: '',
      TRUST_PROXY: '',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'durability-admin-123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.once('error', (error) => (output += `spawn failed: ${error.message}\n`));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else {
      child.once('exit', () => resolveExit());
      child.once('error', () => resolveExit());
    }
  });
  const server = { child, base: `http://127.0.0.1:${port}/api/v1`, exited };
  children.add(server);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Server exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${server.base}/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`Server did not answer /health within 30 s:\n${output}`);
}

async function stopServer(server: RunningServer, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill(signal);
    const fallback = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await server.exited;
    clearTimeout(fallback);
  }
  children.delete(server);
}

export async function runDurabilityBench(
  options: DurabilityBenchOptions = {},
): Promise<DurabilityBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const roundCount = options.rounds ?? 3;
  const clients = options.clients ?? 20;
  const seededQuantity = options.seededQuantity ?? 100_000;
  const label = options.databaseUrl === undefined ? 'SQLite' : 'PostgreSQL';

  let postgres: { url: string; drop: () => Promise<void> } | undefined;
  if (options.databaseUrl !== undefined) {
    try {
      postgres = await createPostgresDatabase(options.databaseUrl);
    } catch (error) {
      const skipped = `no PostgreSQL server at ${options.databaseUrl} (${String(error)})`;
      log(`Durability bench (PostgreSQL) skipped: ${skipped}`);
      return { database: label, rounds: [], ok: true, skipped };
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'durability-bench-'));
  const storage: Storage = { dataDir, ...(postgres ? { databaseUrl: postgres.url } : {}) };
  const source: StateSource = postgres
    ? { kind: 'postgres', url: postgres.url }
    : { kind: 'sqlite', dataDir };
  try {
    // Seeding: migrations, one employee and one product; the JWT secret file the server reads.
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    const database = createDatabase(config);
    const productId = newId();
    let token: string;
    try {
      await migrateToLatest(database.db);
      const now = nowIso();
      const user = {
        id: newId(),
        email: 'durability@example.com',
        role: 'employee' as const,
        category: 'hardware' as const,
        tokenVersion: 0,
      };
      await database.db
        .insertInto('users')
        .values({
          ...user,
          passwordHash: await hashPassword('durability-password', { N: 2 ** 10, r: 8, p: 1 }),
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      token = await createTokenService(config).sign(user);
      await database.db
        .insertInto('products')
        .values({
          id: productId,
          department,
          name: 'Durability hammer',
          description: 'Seeded for the durability bench',
          price: 12_500,
          quantity: seededQuantity,
          imageId: null,
          location: null,
          condition: null,
          nutrients: null,
          version: 1,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    } finally {
      await database.destroy();
    }

    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ productId, quantity: 1 });
    const runId = randomUUID().slice(0, 8);
    /** Every key with a 201 so far (all rounds) → its order id. */
    const acknowledgedAll = new Map<string, string>();
    const rounds: DurabilityRoundFigures[] = [];

    log(
      `Durability bench (${label}, ${clients} clients placing single orders, SIGKILL after 0.5–2 s, ${roundCount} rounds)`,
    );
    for (let round = 1; round <= roundCount; round += 1) {
      const problems: string[] = [];
      const lost = new Set<string>();
      const duplicates = new Set<string>();

      // 1–3: load, then SIGKILL while requests are in flight.
      const server = await startServer(storage);
      const killAfterMs = Math.round(500 + Math.random() * 1500);
      const control = { stopping: false };
      const load = placeOrdersUntil(
        server.base,
        headers,
        body,
        clients,
        `${runId}-r${round}`,
        control,
      );
      await sleep(killAfterMs);
      // No new request from here on; those already sent are cut by the kill.
      control.stopping = true;
      await stopServer(server, 'SIGKILL');
      const outcome = await load;
      problems.push(
        ...outcome.earlyErrors.map((error) => `load: failed before the kill: ${error}`),
      );
      for (const [key, orderId] of outcome.acknowledged) acknowledgedAll.set(key, orderId);

      // 4: the file as the kill left it.
      const afterKill = await readState(source, productId);
      const killCheck = checkState(afterKill, acknowledgedAll, seededQuantity, 'after kill');
      problems.push(...killCheck.problems);
      for (const key of killCheck.lost) lost.add(key);
      for (const key of killCheck.duplicates) duplicates.add(key);
      const roundKeys = [...afterKill.keys.keys()].filter((key) =>
        key.startsWith(`${runId}-r${round}-`),
      );
      const inDatabase = roundKeys.filter((key) => {
        const orderId = afterKill.keys.get(key);
        return orderId !== undefined && afterKill.orders.has(orderId);
      }).length;

      // 5: restart, re-send the unacknowledged keys twice and the acknowledged ones once.
      let replayedOriginal = 0;
      let appliedOnResend = 0;
      let reappliedAcknowledged = 0;
      const restarted = await startServer(storage);
      try {
        await eachConcurrently(outcome.unacknowledged, clients, async (key) => {
          const appliedBefore = afterKill.keys.get(key);
          const first = await sendOrder(restarted.base, headers, body, key);
          const second = await sendOrder(restarted.base, headers, body, key);
          if (first.status !== 201 || first.orderId === undefined) {
            problems.push(`re-send: unacknowledged key ${key} answered ${first.status}`);
            return;
          }
          acknowledgedAll.set(key, first.orderId);
          if (appliedBefore !== undefined) {
            if (first.replayed && first.orderId === appliedBefore) replayedOriginal += 1;
            else {
              duplicates.add(key);
              problems.push(
                `re-send: key ${key} applied before the kill as ${appliedBefore}, re-send answered ${first.orderId} (replayed: ${first.replayed})`,
              );
            }
          } else if (!first.replayed) appliedOnResend += 1;
          else problems.push(`re-send: key ${key} had no record but was answered as a replay`);
          if (second.status !== 201 || !second.replayed || second.orderId !== first.orderId) {
            duplicates.add(key);
            problems.push(
              `re-send: second send of ${key} answered ${second.status} ${second.orderId ?? ''} (replayed: ${second.replayed}), first ${first.orderId}`,
            );
          }
        });
        const acknowledgedThisRound = [...outcome.acknowledged];
        await eachConcurrently(acknowledgedThisRound, clients, async ([key, orderId]) => {
          const again = await sendOrder(restarted.base, headers, body, key);
          // A new 201 is the client's latest answer for this key: later rounds check that one.
          if (again.status === 201 && again.orderId !== undefined) {
            acknowledgedAll.set(key, again.orderId);
            if (!again.replayed) reappliedAcknowledged += 1;
          }
          if (again.status !== 201 || !again.replayed || again.orderId !== orderId) {
            // Applied again after its first order was lost: counted as lost, not as a duplicate.
            if (!lost.has(key)) duplicates.add(key);
            problems.push(
              `re-send: acknowledged key ${key} (order ${orderId}) answered ${again.status} ${again.orderId ?? ''} (replayed: ${again.replayed})`,
            );
          }
        });
      } finally {
        await stopServer(restarted, 'SIGTERM');
      }

      // The file after the re-sends: one more order per key applied on re-send, nothing else.
      const afterResend = await readState(source, productId);
      const resendCheck = checkState(afterResend, acknowledgedAll, seededQuantity, 'after re-send');
      problems.push(...resendCheck.problems);
      for (const key of resendCheck.lost) lost.add(key);
      for (const key of resendCheck.duplicates) duplicates.add(key);
      const expectedOrders = afterKill.orders.size + appliedOnResend + reappliedAcknowledged;
      if (afterResend.orders.size !== expectedOrders) {
        problems.push(
          `after re-send: ${afterResend.orders.size} orders, expected ${expectedOrders} (${afterKill.orders.size} after the kill, ${appliedOnResend} unacknowledged and ${reappliedAcknowledged} acknowledged keys applied on re-send)`,
        );
      }

      const figures: DurabilityRoundFigures = {
        round,
        killAfterMs,
        sent: outcome.sent,
        acknowledged: outcome.acknowledged.size,
        unacknowledged: outcome.unacknowledged.length,
        inDatabase,
        lost: lost.size,
        duplicates: duplicates.size,
        stockConsistent: killCheck.stockConsistent && resendCheck.stockConsistent,
        replayedOriginal,
        appliedOnResend,
        otherStatuses: outcome.otherStatuses,
        problems,
      };
      rounds.push(figures);
      const others = Object.keys(figures.otherStatuses).length
        ? `, other answers ${JSON.stringify(figures.otherStatuses)}`
        : '';
      log(
        `  round ${round}: killed after ${killAfterMs} ms; acknowledged ${figures.acknowledged}, in database ${inDatabase}` +
          ` (of ${figures.sent} sent), lost ${figures.lost}, duplicates ${figures.duplicates},` +
          ` stock consistent ${figures.stockConsistent ? 'yes' : 'no'};` +
          ` ${figures.unacknowledged} unacknowledged re-sent: ${replayedOriginal} replayed the order applied before the kill,` +
          ` ${appliedOnResend} applied once${others}`,
      );
      for (const problem of problems.slice(0, 50)) log(`    ${problem}`);
      if (problems.length > 50) log(`    … and ${problems.length - 50} more`);
    }
    const ok = rounds.every(
      (round) =>
        round.lost === 0 &&
        round.duplicates === 0 &&
        round.stockConsistent &&
        round.problems.length === 0,
    );
    log(`  durability (${label}): ${ok ? 'no order lost or applied twice' : 'FAILED'}`);
    return { database: label, rounds, ok };
  } finally {
    for (const server of [...children]) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

if (import.meta.main) {
  // `node --experimental-strip-types tests/bench/durability-bench.ts [--postgres]`: this part of
  // `npm run bench` alone, on SQLite or on TEST_DATABASE_URL's server; exits 1 when an
  // acknowledged order was lost or an order applied twice.
  const result = await runDurabilityBench(
    process.argv.includes('--postgres') ? { databaseUrl: postgresServerUrl } : {},
  );
  if (!result.ok) process.exitCode = 1;
}
