import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { unsafeInputReason } from '../../domain/safe-input.ts';
import { httpError } from '../http-errors.ts';

/**
 * preValidation for every route: the path parameters, the query and a parsed JSON body are
 * checked once at the edge (domain/safe-input.ts) before any route, the idempotency record or the
 * database sees them: a NUL or an unpaired surrogate, or JSON nested too deeply, is a 400 with a
 * clear message instead of a 500 from PostgreSQL or a stack overflow. Multipart fields are checked
 * where they are read (the upload's text fields go through the same domain check).
 */
export function guardInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const reason =
    unsafeInputReason(request.params) ??
    unsafeInputReason(request.query) ??
    unsafeInputReason(request.body);
  done(reason === undefined ? undefined : httpError(400, reason));
}
