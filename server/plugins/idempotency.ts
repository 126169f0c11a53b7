import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation, nowIso } from '../db/database.ts';
import { fixedQuery } from '../db/fixed-query.ts';
import type { DatabaseSchema, IdempotencyKeysTable } from '../db/schema.ts';
import { httpError } from '../http-errors.ts';
import { bodyHash, idempotencyMessages, readIdempotencyKey } from './idempotency-key.ts';

/**
 * `Idempotency-Key` for mutating routes (IETF draft "The Idempotency-Key HTTP Header Field";
 * docs/offline-model.md, "Idempotency on the server"). The PWA's outbox sends each queued write with its entry id as the key and
 * retries with the same key whenever the outcome is unknown, so:
 *
 * - The key record (user, key, method, path, body hash) is inserted at the start of the same
 *   database transaction as the change and completed with the response before commit: the change
 *   and its record exist together or not at all. A failed request (4xx/5xx) rolls back and leaves
 *   no record, so the key can be retried after the cause is fixed.
 * - Same key, same request → the stored status and body, with `Idempotent-Replayed: true`.
 * - Same key, different method/path/body → 422.
 * - Same key while the first request is still running in this process → 409. Across processes the
 *   primary key (userId, key) decides: a concurrent duplicate fails on it (PostgreSQL makes it wait
 *   for the first transaction), rolls back its own work and answers with the stored response.
 * - The key is claimed as the first statement of the transaction, without reading the record
 *   before: a repeat fails on the primary key before any work and is answered from the record.
 *   A write that is one statement may instead insert the completed record in that statement
 *   (`applyRecordedWrite`, the PostgreSQL order, decision 0044): the same answers, in one round trip.
 * - A sub-request of a JSON batch runs the same `answerWrite` as its REST route
 *   (server/modules/batch, server/plugins/write-routes.ts): the rules above hold per sub-request
 *   unchanged.
 * - Records are kept 30 days and purged opportunistically (at most hourly).
 */
export const idempotentReplayedHeader = 'idempotent-replayed';
export const idempotencyRetentionMs = 30 * 24 * 60 * 60 * 1000;
const purgeIntervalMs = 60 * 60 * 1000;

export interface IdempotentResponse {
  statusCode: number;
  body: unknown;
}

/**
 * The key's record a one-statement write inserts itself, already completed with its answer, in
 * the statement that makes the change (applyRecordedWrite; the PostgreSQL order, decision 0044).
 */
export interface KeyRecord {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
  createdAt: string;
}

type Db = Kysely<DatabaseSchema>;

/** Keys being processed in this process, per database handle (tests run several apps). */
const inFlightByDb = new WeakMap<Db, Set<string>>();
const lastPurgeByDb = new WeakMap<Db, number>();

/** Deletes records older than the retention period. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - idempotencyRetentionMs).toISOString();
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function purgeOccasionally(db: Db, log: FastifyBaseLogger): Promise<void> {
  const now = Date.now();
  const last = lastPurgeByDb.get(db);
  if (last !== undefined && now - last < purgeIntervalMs) return;
  lastPurgeByDb.set(db, now);
  try {
    await purgeExpiredIdempotencyKeys(db, now);
  } catch (error) {
    // Purging is housekeeping: a failure must not fail the request that triggered it.
    log.warn({ err: error }, 'idempotency purge failed');
  }
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

/**
 * What a write answers: its status and body, or, for a repeat of a recorded request, the stored
 * status and the stored body text (`replayedBody`), sent as it was stored.
 */
export interface WriteAnswer {
  statusCode: number;
  body: unknown;
  replayedBody?: string;
}

function replayOf(
  record: IdempotencyKeysTable,
  request: { method: string; path: string; hash: string },
): WriteAnswer {
  if (
    record.method !== request.method ||
    record.path !== request.path ||
    record.bodyHash !== request.hash
  ) {
    throw httpError(422, idempotencyMessages.mismatch);
  }
  if (record.state !== 'completed' || record.statusCode === null) {
    throw httpError(409, idempotencyMessages.inFlight);
  }
  const replayedBody = record.responseBody ?? 'null';
  return { statusCode: record.statusCode, body: JSON.parse(replayedBody), replayedBody };
}

/** Sends a write's answer; a replay carries `Idempotent-Replayed: true` and the stored text. */
export function sendWriteAnswer(reply: FastifyReply, answer: WriteAnswer): FastifyReply {
  if (answer.replayedBody === undefined) return reply.code(answer.statusCode).send(answer.body);
  return reply
    .code(answer.statusCode)
    .header(idempotentReplayedHeader, 'true')
    .type('application/json; charset=utf-8')
    .send(answer.replayedBody);
}

// Compiled once (server/db/fixed-query.ts): every mutating request with a key runs both.
// Values [key, userId, method, path, bodyHash, createdAt].
const claimQuery = fixedQuery((db, p) =>
  db.insertInto('idempotency_keys').values({
    key: p(0),
    userId: p(1),
    method: p(2),
    path: p(3),
    bodyHash: p(4),
    state: 'processing',
    statusCode: null,
    responseBody: null,
    createdAt: p(5),
  }),
);
// Values [statusCode, responseBody, userId, key].
const completeQuery = fixedQuery((db, p) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', statusCode: p<number>(0), responseBody: p<string>(1) })
    .where('userId', '=', p<string>(2))
    .where('key', '=', p<string>(3)),
);

async function findRecord(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Who asks for a write and what identifies it, however it arrived (alone or in a batch). */
export interface WriteRequest {
  db: Db;
  userId: string;
  /** The Idempotency-Key, already checked (parseIdempotencyKey); undefined when absent. */
  key: string | undefined;
  method: string;
  /** The request path under which the key is recorded (its query is left out). */
  url: string;
  /** What identifies the request body (the parsed JSON body, or multipart fields and file). */
  hashSource: unknown;
  log: FastifyBaseLogger;
  /**
   * Runs before a stored answer is given in place of the work's failure, and throws to refuse it:
   * the session the work was to confirm has ended (decision 0046). applyRecordedWrite only.
   */
  beforeReplay?: () => Promise<void>;
}

/**
 * Runs `work` in one database transaction, honouring the Idempotency-Key when present, and
 * returns the answer (the stored one for a repeat). Failures are thrown, and leave no record.
 */
export async function applyIdempotent(
  write: WriteRequest,
  work: (trx: Transaction<DatabaseSchema>) => Promise<IdempotentResponse>,
): Promise<WriteAnswer> {
  const { db, userId, key } = write;
  if (key === undefined) return db.transaction().execute((trx) => work(trx));

  await purgeOccasionally(db, write.log);
  const identity = identityOf(write);
  const slot = enterFlight(db, userId, key);
  try {
    return await db.transaction().execute(async (trx) => {
      // Claim the key first: it fails on the primary key when the key is already recorded
      // (then nothing else ran and the catch below answers from the record), and on PostgreSQL
      // a concurrent duplicate waits here for this commit. No read before the transaction:
      // new keys are the common case, and a repeat costs only this failed insert.
      await claimQuery.execute(trx, [
        key,
        userId,
        identity.method,
        identity.path,
        identity.hash,
        nowIso(),
      ]);
      const response = await work(trx);
      await completeQuery.execute(trx, [
        response.statusCode,
        JSON.stringify(response.body ?? null),
        userId,
        key,
      ]);
      return response;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The key is recorded (earlier, or by another process that committed first): answer as
      // a replay of its response, or 422 when this is a different request.
      const existing = await findRecord(db, userId, key);
      if (existing) return replayOf(existing, identity);
    }
    throw error;
  } finally {
    leaveFlight(db, slot);
  }
}

/**
 * Runs a write that is its own transaction and inserts the key's record, completed with its
 * answer, in the same statement as its change (`work` is given the record to insert; undefined
 * without a key): one round trip instead of BEGIN, the claim, the change and COMMIT (decision
 * 0044). The rules of `applyIdempotent` hold, found the other way round: a repeat is not stopped by
 * a claim before the work, so the work itself must take nothing for it (the order's client id
 * already placed) or fail on the record's primary key, and roll back whole. Any failure of the work
 * is then answered from the record when the key has one (the stored answer, or 422 for a different
 * request); without a record the failure is the answer, and nothing was written.
 */
export async function applyRecordedWrite(
  write: WriteRequest,
  work: (db: Db, record: KeyRecord | undefined) => Promise<IdempotentResponse>,
): Promise<WriteAnswer> {
  const { db, userId, key } = write;
  if (key === undefined) return work(db, undefined);

  await purgeOccasionally(db, write.log);
  const identity = identityOf(write);
  const slot = enterFlight(db, userId, key);
  try {
    return await work(db, {
      userId,
      key,
      method: identity.method,
      path: identity.path,
      bodyHash: identity.hash,
      createdAt: nowIso(),
    });
  } catch (error) {
    const existing = await findRecord(db, userId, key).catch(() => undefined);
    if (existing) {
      await write.beforeReplay?.();
      return replayOf(existing, identity);
    }
    throw error;
  } finally {
    leaveFlight(db, slot);
  }
}

function identityOf(write: WriteRequest): { method: string; path: string; hash: string } {
  return { method: write.method, path: pathOf(write.url), hash: bodyHash(write.hashSource) };
}

/** Marks the key as being processed in this process; a second request with it meanwhile is 409. */
function enterFlight(db: Db, userId: string, key: string): string {
  let inFlight = inFlightByDb.get(db);
  if (!inFlight) {
    inFlight = new Set();
    inFlightByDb.set(db, inFlight);
  }
  const slot = `${userId}\n${key}`;
  if (inFlight.has(slot)) throw httpError(409, idempotencyMessages.inFlight);
  inFlight.add(slot);
  return slot;
}

function leaveFlight(db: Db, slot: string): void {
  inFlightByDb.get(db)?.delete(slot);
}

/**
 * Runs `work` in one database transaction and sends its response, honouring the request's
 * Idempotency-Key when present (applyIdempotent).
 */
export async function runIdempotent(
  options: {
    db: Db;
    request: FastifyRequest;
    reply: FastifyReply;
    userId: string;
    hashSource: unknown;
  },
  work: (trx: Transaction<DatabaseSchema>) => Promise<IdempotentResponse>,
): Promise<FastifyReply> {
  const { request } = options;
  const answer = await applyIdempotent(
    {
      db: options.db,
      userId: options.userId,
      key: readIdempotencyKey(request),
      method: request.method,
      url: request.url,
      hashSource: options.hashSource,
      log: request.log,
    },
    work,
  );
  return sendWriteAnswer(options.reply, answer);
}
