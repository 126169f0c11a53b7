import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  printingMessages,
  printingOrderEditSchema,
  printingOrderSchema,
  type PrintingOrderJson,
} from '../../../domain/printing.ts';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireAdmin, requireDepartment } from '../../plugins/auth.ts';
import { runIdempotent } from '../../plugins/idempotency.ts';
import { parseInput } from '../../validation.ts';
import { createListCache } from '../catalog/list-cache.ts';
import { createListServer, listChanges, type ListSource } from '../catalog/serve-list.ts';
import {
  findPrintingOrder,
  listPrintingOrders,
  printingDepartment,
  toPrintingOrderJson,
  type PrintingOrderRow,
} from './repository.ts';
import { auditContextOf } from '../audit/record.ts';
import { createPrintingOrder, deletePrintingOrder, editPrintingOrder } from './service.ts';

/**
 * Printing orders (print jobs; spec section 7 'Printing', issue 10):
 *
 *   GET    /printing/orders[?updatedSince=cursor[&limit=n]]  printing users and admins
 *   GET    /printing/orders/{id}                             printing users and admins
 *   POST   /printing/orders                                  printing users and admins
 *   PUT    /printing/orders/{id}                             admin; the full edited order
 *   DELETE /printing/orders/{id}                             admin; soft delete (tombstone)
 *
 * Everyone else gets 403 'Access denied' (401 without a session), on the list and by id alike.
 * Writes run in one transaction with their Idempotency-Key record, as POST /{dept}/orders does;
 * the list-version triggers raise the list's change version in that transaction, so the plain GET
 * and the paged pull (serve-list.ts) work exactly as for the product departments' orders.
 */

/** Printing order ids are UUIDs (client or server made): anything else names no order. */
const idParams = z.object({ id: z.string() });

function orderIdOf(params: unknown): string {
  const { id } = parseInput(idParams, params);
  if (!z.uuid().safeParse(id).success) throw httpError(404, printingMessages.notFound);
  return id;
}

export async function printingRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const member = { preHandler: requireDepartment(printingDepartment) };
  const admin = { preHandler: requireAdmin };
  const serveList = createListServer({
    db,
    department: printingDepartment,
    listCache: createListCache(),
  });
  const orders: ListSource<PrintingOrderRow, PrintingOrderJson> = {
    list: 'printing_orders',
    all: () => listPrintingOrders(db),
    changes: (from, limit) => listChanges(db, 'printing_orders', printingDepartment, from, limit),
    toJson: toPrintingOrderJson,
  };

  app.get('/printing/orders', member, (request, reply) => serveList(request, reply, orders));

  app.get('/printing/orders/:id', member, async (request) => {
    const row = await findPrintingOrder(db, orderIdOf(request.params));
    if (!row) throw httpError(404, printingMessages.notFound);
    return toPrintingOrderJson(row);
  });

  app.post('/printing/orders', member, async (request, reply) => {
    const input = parseInput(printingOrderSchema, request.body);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: request.body },
      async (trx) => ({
        statusCode: 201,
        body: await createPrintingOrder(trx, input, auditContextOf(request)),
      }),
    );
  });

  app.put('/printing/orders/:id', admin, async (request, reply) => {
    const id = orderIdOf(request.params);
    const input = parseInput(printingOrderEditSchema, request.body);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: request.body },
      async (trx) => ({
        statusCode: 200,
        body: {
          message: printingMessages.updated,
          order: await editPrintingOrder(trx, dialect, id, input, auditContextOf(request)),
        },
      }),
    );
  });

  app.delete('/printing/orders/:id', admin, async (request, reply) => {
    const id = orderIdOf(request.params);
    return runIdempotent(
      { db, request, reply, userId: request.user.id, hashSource: null },
      async (trx) => {
        await deletePrintingOrder(trx, id, auditContextOf(request));
        return { statusCode: 200, body: { message: printingMessages.deleted } };
      },
    );
  });
}
