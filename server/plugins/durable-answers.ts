import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { batchMessages } from '../../domain/batch.ts';
import { DeferredCommits } from '../db/group-commit.ts';

/**
 * No answer before what it stands on is durable, with one wait per request (decision 0021).
 *
 * On SQLite, transactions share group commits (server/db/group-commit.ts). Without a scope, each
 * statement or transaction waited for its group's COMMIT on its own: a request that looked up its
 * user and then placed an order waited twice. Here every request runs in a DeferredCommits scope
 * from its first hook on, its statements go on without waiting, and `onSend` holds the answer
 * until every group the request joined has committed. If one failed, its writes are gone: the
 * answer becomes 503, and the client sends the request again (with the same Idempotency-Key).
 *
 * Registered first, so the answer is held before any other onSend hook (compression) runs.
 */
declare module 'fastify' {
  interface FastifyRequest {
    commitScope: DeferredCommits | null;
  }
}

export function registerDurableAnswers(app: FastifyInstance): void {
  app.decorateRequest('commitScope', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = new DeferredCommits();
    request.commitScope = scope;
    // Everything the request does from here on (the body, every hook, the handler) runs inside.
    scope.enter(done);
  });
  app.addHook('onSend', holdUntilDurable);
}

async function holdUntilDurable(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const scope = request.commitScope;
  if (!scope || scope.joined.size === 0) return payload;
  try {
    await scope.durable();
    return payload;
  } catch (error) {
    request.log.error({ err: error }, 'the database could not make this request durable');
    void reply.code(503).type('application/json; charset=utf-8').removeHeader('etag');
    return JSON.stringify({ message: batchMessages.notSaved });
  }
}
