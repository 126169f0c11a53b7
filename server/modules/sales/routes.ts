import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departments } from '../../../domain/departments.ts';
import {
  saleCreateSchema,
  saleDepartmentIds,
  saleMessages,
  type SaleJson,
} from '../../../domain/sales.ts';
import type { AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireDepartment } from '../../plugins/auth.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import {
  createdRangeOf,
  createListCache,
  createListServer,
  type ListSource,
} from '../lists/public.ts';
import { onSaleLineChange } from '../orders/public.ts';
import { placeSale } from './place-sale.ts';
import { refreshSaleTotals } from './sale-totals.ts';
import {
  findSale,
  listSales,
  saleChanges,
  salesList,
  toSaleJson,
  type SaleWithLines,
} from './repository.ts';

/**
 * Sales of several items (issue 25 item 1; decision 0036), for every department that sells
 * through a basket (domain/sales.ts `saleDepartmentIds`, descriptor data):
 *
 *   GET  /{dept}/sales[?updatedSince=…]   the sales with their lines (a mirrored list)  (members)
 *                                          &createdSince=&createdBefore= on change pages:
 *                                          only sales made in that range (decision 0035)
 *   GET  /{dept}/sales/{id}                one sale with its lines                       (members)
 *   POST /{dept}/sales                     {_id, lines:[{_id, productId, quantity}]}
 *                                          → 201 the sale; 409/404 naming the refused line (members)
 *
 * Members are the department's employees and admins. The POST runs in one transaction with its
 * Idempotency-Key record, so a replay answers the stored result, alone or inside POST /batch.
 */
const idParams = z.object({ id: z.uuid({ error: saleMessages.notFound }) });

export async function salesRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const listCache = createListCache();
  // A line edited or deleted through the orders routes updates its sale's row (sale-totals.ts).
  onSaleLineChange(refreshSaleTotals);
  for (const department of saleDepartmentIds) {
    const context = { dialect, descriptor: departments[department] };
    const member = { preHandler: requireDepartment(department) };
    const serveList = createListServer({ db, department, listCache });
    const sales: ListSource<SaleWithLines, SaleJson> = {
      list: salesList,
      all: () => listSales(db, department),
      changes: (from, limit) => saleChanges(db, department, from, limit),
      toJson: toSaleJson,
    };
    const base = `/${department}/sales`;

    // A tablet asks for the window of days it keeps (decision 0035), as with orders.
    app.get(base, member, (request, reply) => {
      const range = createdRangeOf(request.query);
      if (range === undefined) return serveList(request, reply, sales);
      return serveList(request, reply, {
        ...sales,
        changes: (from, limit) => saleChanges(db, department, from, limit, range),
        range,
      });
    });

    app.get(`${base}/:id`, member, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const sale = await findSale(db, department, id);
      if (!sale) throw httpError(404, saleMessages.notFound);
      return toSaleJson(sale);
    });

    registerWriteRoute(app, db, {
      method: 'POST',
      url: base,
      access: { department },
      parse: (_params, body) => parseInput(saleCreateSchema, body),
      run: async (trx, input, audit) => ({
        statusCode: 201,
        body: await placeSale(trx, context, input, audit),
      }),
    });
  }
}
