import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { isServerFault } from '../error-answer.ts';
import { isHttpError } from '../http-errors.ts';
import { auditContextOf, type AuditContext } from '../modules/audit/public.ts';
import {
  assertSessionCurrent,
  requireAccess,
  requireAccessConfirmedByStatement,
  type AccessRule,
  type SessionToConfirm,
} from './auth.ts';
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
   * `session`, when given, is one the change must confirm: it writes nothing unless the user's
   * row is still at that version, and the route then answers 401 (`confirmsSession`); undefined
   * when the user was read.
   */
  runRecorded?(
    db: Db,
    input: Input,
    audit: AuditContext,
    record: KeyRecord | undefined,
    session: SessionToConfirm | undefined,
  ): Promise<IdempotentResponse>;
  /**
   * `runRecorded` confirms the session inside its own statement: the REST route then judges
   * access from the token's claims without reading the user first (decision 0046). A batch
   * reads the user once, when it arrives (batch/routes.ts), and confirms nothing per sub-request.
   */
  confirmsSession?: boolean;
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

/**
 * Runs a declared write with its Idempotency-Key, by `runRecorded` where it has one, with the
 * session it must confirm when access was judged from the token alone.
 */
export function answerWrite<Input>(
  write: WriteRequest,
  route: WriteRoute<Input>,
  input: Input,
  audit: AuditContext,
  session?: SessionToConfirm,
): Promise<WriteAnswer> {
  const { runRecorded } = route;
  if (!runRecorded) return applyIdempotent(write, (trx) => route.run(trx, input, audit));
  // A stored answer goes only to a session still current (the statement confirmed nothing then).
  const confirming = session
    ? { ...write, beforeReplay: () => assertSessionCurrent(write.db, session) }
    : write;
  return applyRecordedWrite(confirming, (db, record) =>
    runRecorded(db, input, audit, record, session),
  );
}

export function registerWriteRoute<Input>(
  app: FastifyInstance,
  db: Db,
  route: WriteRoute<Input>,
): void {
  async function handleWrite(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
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
      request.sessionToConfirm,
    );
    return sendWriteAnswer(reply, answer);
  }

  app.route({
    method: route.method,
    url: route.url,
    preHandler:
      route.confirmsSession && route.runRecorded
        ? requireAccessConfirmedByStatement(route.access)
        : requireAccess(route.access),
    ...(route.echoMessageAsError ? { preSerialization: echoMessageAsError } : {}),
    handler: async (request, reply) => {
      try {
        return await handleWrite(request, reply);
      } catch (error) {
        // A failure is told only to a current session, 401 otherwise, as requireAccess answers:
        // one met before the statement (a bad body or key, a key in flight), and the statement's
        // own refusal when it took nothing (the stock left, a missing product).
        const session = request.sessionToConfirm;
        if (session && !(isHttpError(error) && error.statusCode === 401)) {
          await assertSessionCurrent(db, session).catch((ended: unknown) => {
            // The 401 replaces the answer, not the record of a fault.
            if (isServerFault(error)) {
              request.log.error({ err: error }, 'request failed; answered 401, its session ended');
            }
            throw ended;
          });
        }
        throw error;
      }
    },
  });
  app.writeRoutes.push({
    method: route.method,
    url: `${app.prefix}${route.url}`,
    db,
    route: route as WriteRoute<unknown>,
  });
}
