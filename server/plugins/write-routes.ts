import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { auditContextOf, type AuditContext } from '../modules/audit/public.ts';
import { requireAccess, type AccessRule } from './auth.ts';
import {
  applyIdempotent,
  applyRecordedWrite,
  sendWriteAnswer,
  type IdempotentResponse,
  type KeyRecord,
  type WriteAnswer,
  type WriteRequest,
} from './idempotency.ts';
import { readIdempotencyKey } from './idempotency-key.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * A write a tablet queues offline (an order, a product edit, a print job, a transfer, a count):
 * declared once, and served by two doors that answer alike (decision 0021):
 *
 * - its own REST route, registered here with Fastify (access preHandler, then `parse`, the
 *   Idempotency-Key and `run` in one transaction);
 * - `POST /batch`, which finds it in `app.writeRoutes` and calls the same access rule, `parse` and
 *   `answerWrite` (the Idempotency-Key and `run`) directly, without a second trip through HTTP.
 *
 * Only routes declared this way can be sent inside a batch. Everything else (logins, password
 * changes, users, settings, uploads, reports, reads) is refused there, so no limit, counter or
 * slow work ever runs inside a batch.
 */
export interface WriteRoute<Input> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Under the registering plugin's prefix, as Fastify takes it ('/orders/:id'). */
  url: string;
  access: AccessRule;
  /** Checks the path parameters and the JSON body; throws 400/404 with the domain's message. */
  parse(params: Record<string, string>, body: unknown): Input;
  /** What identifies the request for its Idempotency-Key: the body unless said otherwise. */
  hashSource?(params: Record<string, string>, body: unknown): unknown;
  /** The change, in the transaction that also holds the key's record. */
  run(
    trx: Transaction<DatabaseSchema>,
    input: Input,
    audit: AuditContext,
  ): Promise<IdempotentResponse>;
  /**
   * When present, used instead of `run`: the change as its own transaction, which inserts the
   * key's record (completed, with its answer) itself (`applyRecordedWrite`, decision 0044).
   */
  runRecorded?(
    db: Db,
    input: Input,
    audit: AuditContext,
    record: KeyRecord | undefined,
  ): Promise<IdempotentResponse>;
  /** Failure answers also carry `error` with the message (some departments' clients read it). */
  echoMessageAsError?: boolean;
  /**
   * The REST route may also take a multipart body (a product with its image file), read and
   * checked before the transaction. A batch carries JSON only, so it never uses this.
   */
  readMultipart?(request: FastifyRequest): Promise<{ input: Input; hashSource: unknown }>;
}

/** A declared write with its full url pattern ('/api/v1/hardware/orders/:id'). */
export interface RegisteredWriteRoute {
  method: string;
  url: string;
  db: Db;
  route: WriteRoute<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route declared with registerWriteRoute: what POST /batch may run. */
    writeRoutes: RegisteredWriteRoute[];
  }
}

/** A failure body `{message}` with `error` beside it (WriteRoute.echoMessageAsError). */
export function withErrorField(body: unknown): unknown {
  const failure =
    body !== null &&
    typeof body === 'object' &&
    typeof (body as { message?: unknown }).message === 'string' &&
    !('error' in body);
  return failure ? { ...body, error: (body as { message: string }).message } : body;
}

/**
 * preSerialization hook of an echoing route: runs for every failure of the route, whether the
 * handler, a preHandler or the body parser raised it.
 */
function echoMessageAsError(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  done(null, reply.statusCode >= 400 ? withErrorField(payload) : payload);
}

/** Runs a declared write with its Idempotency-Key, by `runRecorded` where it has one. */
export function answerWrite<Input>(
  write: WriteRequest,
  route: WriteRoute<Input>,
  input: Input,
  audit: AuditContext,
): Promise<WriteAnswer> {
  const { runRecorded } = route;
  return runRecorded
    ? applyRecordedWrite(write, (db, record) => runRecorded(db, input, audit, record))
    : applyIdempotent(write, (trx) => route.run(trx, input, audit));
}

export function registerWriteRoute<Input>(
  app: FastifyInstance,
  db: Db,
  route: WriteRoute<Input>,
): void {
  app.route({
    method: route.method,
    url: route.url,
    preHandler: requireAccess(route.access),
    ...(route.echoMessageAsError ? { preSerialization: echoMessageAsError } : {}),
    handler: async (request, reply) => {
      let input: Input;
      let hashSource: unknown;
      if (route.readMultipart && request.isMultipart()) {
        ({ input, hashSource } = await route.readMultipart(request));
      } else {
        const params = request.params as Record<string, string>;
        input = route.parse(params, request.body);
        hashSource = route.hashSource ? route.hashSource(params, request.body) : request.body;
      }
      const answer = await answerWrite(
        {
          db,
          userId: request.user.id,
          key: readIdempotencyKey(request),
          method: request.method,
          url: request.url,
          hashSource,
          log: request.log,
        },
        route,
        input,
        auditContextOf(request),
      );
      return sendWriteAnswer(reply, answer);
    },
  });
  app.writeRoutes.push({
    method: route.method,
    url: `${app.prefix}${route.url}`,
    db,
    route: route as WriteRoute<unknown>,
  });
}
