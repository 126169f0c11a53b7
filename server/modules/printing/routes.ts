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
import { requireDepartment } from '../../plugins/auth.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import {
  createListCache,
  createListServer,
  declareList,
  listChanges,
  type ListSource,
} from '../lists/public.ts';
import {
  findPrintingOrder,
  listPrintingOrders,
  printingDepartment,
  toPrintingOrderJson,
  type PrintingOrderRow,
} from './repository.ts';
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
const printingOrdersList = declareList('printing_orders');

const idParams = z.object({ id: z.string() });

function orderIdOf(params: unknown): string {
  const { id } = parseInput(idParams, params);
  if (!z.uuid().safeParse(id).success) throw httpError(404, printingMessages.notFound);
  return id;
}

export async function printingRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const member = { preHandler: requireDepartment(printingDepartment) };
  const serveList = createListServer({
    db,
    department: printingDepartment,
    listCache: createListCache(),
  });
  const orders: ListSource<PrintingOrderRow, PrintingOrderJson> = {
    list: printingOrdersList,
    all: () => listPrintingOrders(db),
    changes: (from, limit) => listChanges(db, printingOrdersList, printingDepartment, from, limit),
    toJson: toPrintingOrderJson,
  };

  app.get('/printing/orders', member, (request, reply) => serveList(request, reply, orders));

  app.get('/printing/orders/:id', member, async (request) => {
    const row = await findPrintingOrder(db, orderIdOf(request.params));
    if (!row) throw httpError(404, printingMessages.notFound);
    return toPrintingOrderJson(row);
  });

  registerWriteRoute(app, db, {
    method: 'POST',
    url: '/printing/orders',
    access: { department: printingDepartment },
    parse: (_params, body) => parseInput(printingOrderSchema, body),
    run: async (trx, input, audit) => ({
      statusCode: 201,
      body: await createPrintingOrder(trx, input, audit),
    }),
  });

  registerWriteRoute(app, db, {
    method: 'PUT',
    url: '/printing/orders/:id',
    access: { manage: printingDepartment },
    parse: (params, body) => ({
      id: orderIdOf(params),
      edit: parseInput(printingOrderEditSchema, body),
    }),
    run: async (trx, { id, edit }, audit) => ({
      statusCode: 200,
      body: {
        message: printingMessages.updated,
        order: await editPrintingOrder(trx, dialect, id, edit, audit),
      },
    }),
  });

  registerWriteRoute(app, db, {
    method: 'DELETE',
    url: '/printing/orders/:id',
    access: { manage: printingDepartment },
    parse: (params) => orderIdOf(params),
    hashSource: () => null,
    run: async (trx, id, audit) => {
      await deletePrintingOrder(trx, id, audit);
      return { statusCode: 200, body: { message: printingMessages.deleted } };
    },
  });
}
