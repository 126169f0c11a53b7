import { madeAtHeader } from '../../domain/audit.ts';
import type { OutboxEntry } from '../db/database.ts';
import {
  batchDependencyStatus,
  batchLimits,
  batchResponseSchema,
  type BatchSubRequest,
} from '../../domain/batch.ts';
import { classifyStatus, refusalDetailsOf, type RefusalDetails } from '../../domain/outbox.ts';
import { createSyncClient, describeError, jsonOf, messageOf, type SyncTransport } from './http.ts';
import { isMultipartBody } from './outbox.ts';

/**
 * Putting queued writes on the wire: one entry as its own REST call, or several in one
 * `POST /batch` (domain/batch.ts, decision 0006). Either way each entry gets one outcome:
 *
 * - `done`: the server applied it (or had already: a replay), or a DELETE found it gone;
 * - `retry`: unknown or temporary (network error, timeout, 408, 429, 5xx); `unreachable` when no
 *   answer came at all, which is what the reachability probe may cut short;
 * - `auth`: 401, the queue pauses for a new sign-in;
 * - `reject`: a permanent rejection, with the server's message;
 * - `not-run`: the batch stopped before it (424), so it was not tried and keeps its place.
 */
export type SendOutcome =
  | { outcome: 'done'; body: unknown }
  | { outcome: 'retry'; error: string; unreachable: boolean }
  | { outcome: 'auth' }
  | { outcome: 'reject'; message: string; details: RefusalDetails }
  | { outcome: 'not-run' };

/** Most entries in one batch request (the server takes up to 100). */
export const maxBatchEntries = 50;

/**
 * Most bytes of entry bodies in one batch request: the server refuses a batch over
 * `batchLimits.maxBytes` as a whole, so the rest of the limit is left for the envelope (ids,
 * paths, headers: about 250 bytes an entry). A single entry over it travels alone.
 */
export const maxBatchBodyBytes = Math.floor(batchLimits.maxBytes * 0.75);

const encoder = new TextEncoder();

/** The size of an entry's body on the wire, as UTF-8 JSON. */
export function bodyBytes(entry: Pick<OutboxEntry, 'body'>): number {
  return encoder.encode(JSON.stringify(entry.body ?? null)).length;
}

/** A batch may not wait on the slowest link for ever, but 50 writes get more time than one. */
const batchTimeoutMs = 60_000;

function outcomeOf(method: string, status: number, body: unknown): SendOutcome {
  // Deleting what is already gone reached the state the user wanted.
  if (method === 'DELETE' && status === 404) return { outcome: 'done', body };
  if (status === batchDependencyStatus) return { outcome: 'not-run' };
  switch (classifyStatus(status)) {
    case 'done':
      return { outcome: 'done', body };
    case 'auth':
      return { outcome: 'auth' };
    case 'retry':
      return { outcome: 'retry', error: messageOf(body) ?? `HTTP ${status}`, unreachable: false };
    case 'reject':
      return {
        outcome: 'reject',
        message: messageOf(body) ?? `HTTP ${status}`,
        details: refusalDetailsOf(body),
      };
  }
}

function authHeaders(entry: OutboxEntry, token: string): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    'Idempotency-Key': entry.id,
    [madeAtHeader]: madeAtOf(entry),
  };
}

/** When the user made the write (the server's audit trail keeps it beside its own time). */
function madeAtOf(entry: OutboxEntry): string {
  return new Date(entry.createdAt).toISOString();
}

/** Sends one entry as its own REST call. */
export async function sendOne(
  entry: OutboxEntry,
  token: string,
  transport: SyncTransport,
): Promise<SendOutcome> {
  const client = createSyncClient(transport);
  let body: BodyInit | undefined;
  let json: unknown;
  if (isMultipartBody(entry.body)) {
    const form = new FormData();
    for (const [name, value] of Object.entries(entry.body.fields)) form.append(name, value);
    for (const [name, file] of Object.entries(entry.body.files)) {
      form.append(name, file, file instanceof File ? file.name : name);
    }
    body = form;
  } else if (entry.body !== undefined && entry.body !== null) {
    json = entry.body;
  }
  let response: Response;
  try {
    response = await client(entry.path, {
      method: entry.method,
      headers: authHeaders(entry, token),
      ...(body === undefined ? {} : { body }),
      ...(json === undefined ? {} : { json }),
    });
  } catch (error) {
    // Network failure or timeout: the server may or may not have applied it. Same key next time.
    return { outcome: 'retry', error: describeError(error), unreachable: true };
  }
  return outcomeOf(entry.method, response.status, await jsonOf(response));
}

/** True when an entry can travel inside a JSON batch (a file upload cannot). */
export function isBatchable(entry: OutboxEntry): boolean {
  return !isMultipartBody(entry.body);
}

function subRequestOf(entry: OutboxEntry): BatchSubRequest {
  const hasBody = entry.body !== undefined && entry.body !== null;
  return {
    id: entry.id,
    method: entry.method,
    url: `/${entry.path}`,
    headers: {
      'idempotency-key': entry.id,
      [madeAtHeader]: madeAtOf(entry),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: entry.body } : {}),
  };
}

/**
 * Sends `entries` one at a time, stopping at the first outcome that ends a round (retry, auth);
 * the rest are `not-run`. For a server without /batch, or a batch it refused as a whole.
 */
async function sendEachInTurn(
  entries: readonly OutboxEntry[],
  token: string,
  transport: SyncTransport,
): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const entry of entries) {
    const last = outcomes.at(-1);
    if (last && (last.outcome === 'retry' || last.outcome === 'auth')) {
      outcomes.push({ outcome: 'not-run' });
      continue;
    }
    outcomes.push(await sendOne(entry, token, transport));
  }
  return outcomes;
}

/**
 * Sends `entries` (FIFO, all batchable) in one `POST /batch`; one outcome per entry, in order.
 * The server runs them in order and stops at a transient failure, answering 424 for the rest.
 */
export async function sendBatch(
  entries: readonly OutboxEntry[],
  token: string,
  transport: SyncTransport,
): Promise<SendOutcome[]> {
  if (entries.length === 1 && entries[0]) return [await sendOne(entries[0], token, transport)];
  const notRun = (): SendOutcome[] => entries.slice(1).map(() => ({ outcome: 'not-run' }));
  const client = createSyncClient({
    ...transport,
    timeoutMs: Math.max(transport.timeoutMs ?? 0, batchTimeoutMs),
  });
  let response: Response;
  try {
    response = await client('batch', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      json: { requests: entries.map(subRequestOf) },
    });
  } catch (error) {
    // Unknown outcome for every entry: the head backs off, the rest keep their place.
    return [{ outcome: 'retry', error: describeError(error), unreachable: true }, ...notRun()];
  }
  const body = await jsonOf(response);
  if (response.status === 401) return [{ outcome: 'auth' }, ...notRun()];
  const status = classifyStatus(response.status);
  if (status === 'retry') {
    return [
      { outcome: 'retry', error: messageOf(body) ?? `HTTP ${response.status}`, unreachable: false },
      ...notRun(),
    ];
  }
  const parsed = response.ok ? batchResponseSchema.safeParse(body) : undefined;
  // A server without /batch (404/405), or one that refused the batch as a whole (413, 400):
  // each entry goes on its own, so each gets its own answer.
  if (!parsed?.success) return sendEachInTurn(entries, token, transport);
  const byId = new Map(parsed.data.responses.map((r) => [r.id, r]));
  return entries.map((entry) => {
    const answer = byId.get(entry.id);
    return answer ? outcomeOf(entry.method, answer.status, answer.body) : { outcome: 'not-run' };
  });
}
