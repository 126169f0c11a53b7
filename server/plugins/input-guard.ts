import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { unsafeInputReason } from '../../domain/safe-input.ts';
import { httpError } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route runs the edge check on the parts of its body itself (POST /batch). */
    guardsBodyItself?: boolean;
  }
}

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
  // POST /batch checks each sub-request's body on its own, so one bad body is refused alone.
  const bodyChecked = request.routeOptions.config.guardsBodyItself === true;
  const reason =
    unsafeInputReason(request.params) ??
    unsafeInputReason(request.query) ??
    (bodyChecked ? undefined : unsafeInputReason(request.body));
  done(reason === undefined ? undefined : httpError(400, reason));
}
