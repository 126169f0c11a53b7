import type { FastifyInstance } from 'fastify';
import { departments } from '../../../domain/departments.ts';
import {
  transferDepartmentIds,
  transferInputSchema,
  type MovementLogJson,
} from '../../../domain/transfers.ts';
import type { AppContext } from '../../context.ts';
import { requireManager } from '../../plugins/auth.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import {
  createListCache,
  createListServer,
  declareList,
  listChanges,
  type ListSource,
} from '../lists/public.ts';
import { listMovementLogs, toMovementLogJson, type MovementLogRow } from './repository.ts';
import { transferStock } from './service.ts';

/**
 * Stock transfers and movement logs (spec section 7 'Godown extras', issue 11), for every
 * department whose menu has the move screen (today godown), admins only:
 *
 *   POST /{dept}/inventory-movement   {productId, transferQuantity, origin, destination, reason}
 *                                     → 201 {message, log, origin, destination}
 *   GET  /{dept}/movement-logs[?updatedSince=cursor[&limit=n]]   the array, or a page of changes
 *
 * The transfer runs in one transaction with its Idempotency-Key record (a replay answers the
 * stored result), so it works alone and as a step of POST /batch; the list-version triggers
 * raise the products' and the logs' change versions in that transaction.
 */
const movementLogsList = declareList('movement_logs');

export async function transfersRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const listCache = createListCache();
  for (const department of transferDepartmentIds) {
    // A department's admin function: admins and its manager (docs/decisions/0038).
    const manager = { preHandler: requireManager(department) };
    const descriptor = departments[department];
    const serveList = createListServer({ db, department, listCache });
    const logs: ListSource<MovementLogRow, MovementLogJson> = {
      list: movementLogsList,
      all: () => listMovementLogs(db, department),
      changes: (from, limit) => listChanges(db, movementLogsList, department, from, limit),
      toJson: toMovementLogJson,
    };

    app.get(`/${department}/movement-logs`, manager, (request, reply) =>
      serveList(request, reply, logs),
    );

    registerWriteRoute(app, db, {
      method: 'POST',
      url: `/${department}/inventory-movement`,
      access: { manage: department },
      parse: (_params, body) => parseInput(transferInputSchema, body),
      run: async (trx, input, audit) => ({
        statusCode: 201,
        body: await transferStock(trx, { dialect, descriptor }, input, audit),
      }),
    });
  }
}
