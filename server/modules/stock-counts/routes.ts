import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departments } from '../../../domain/departments.ts';
import {
  startStockCountSchema,
  stockCountDepartmentIds,
  stockCountMessages,
  submitStockCountSchema,
  type StockCountJson,
} from '../../../domain/stock-counts.ts';
import type { AppContext } from '../../context.ts';
import { requireManager, requireDepartment } from '../../plugins/auth.ts';
import { runIdempotent } from '../../plugins/idempotency.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import { auditContextOf } from '../audit/public.ts';
import { createListCache, createListServer, type ListSource } from '../lists/public.ts';
import {
  listStockCounts,
  stockCountChanges,
  stockCountsList,
  toStockCountJson,
  type StockCountWithLines,
} from './repository.ts';
import { applyStockCount } from './apply-stock-count.ts';
import { cancelStockCount } from './cancel-stock-count.ts';
import { startStockCount } from './start-stock-count.ts';
import { submitStockCount } from './submit-stock-count.ts';

/**
 * Stock counts (issue 15 item 2; decision 0020), for every department whose menu has the counts
 * screen (today godown):
 *
 *   GET  /{dept}/stock-counts[?updatedSince=…]   the counts with their lines (a mirrored list)
 *   POST /{dept}/stock-counts                    {location, _id?} → 201 the open count  (members)
 *   POST /{dept}/stock-counts/:id/submit         {lines:[{productId, counted, countedAt}]}
 *                                                → 200 the count with its variances    (members)
 *   POST /{dept}/stock-counts/:id/apply          → 200 the count, stock adjusted        (admins)
 *   POST /{dept}/stock-counts/:id/cancel         → 200 the count, nothing adjusted      (admins)
 *
 * Members are the department's employees and admins. Every write runs in one transaction with
 * its Idempotency-Key record, so a replay answers the stored result, alone or inside POST /batch.
 */
const idParams = z.object({ id: z.uuid({ error: stockCountMessages.notFound }) });

export async function stockCountsRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const listCache = createListCache();
  for (const department of stockCountDepartmentIds) {
    // A department's admin function: admins and its manager (docs/decisions/0038).
    const manager = { preHandler: requireManager(department) };
    const context = { dialect, descriptor: departments[department] };
    const member = { preHandler: requireDepartment(department) };
    const serveList = createListServer({ db, department, listCache });
    const counts: ListSource<StockCountWithLines, StockCountJson> = {
      list: stockCountsList,
      all: () => listStockCounts(db, department),
      changes: (from, limit) => stockCountChanges(db, department, from, limit),
      toJson: toStockCountJson,
    };
    const base = `/${department}/stock-counts`;

    app.get(base, member, (request, reply) => serveList(request, reply, counts));

    registerWriteRoute(app, db, {
      method: 'POST',
      url: base,
      access: { department },
      parse: (_params, body) => parseInput(startStockCountSchema, body),
      run: async (trx, input, audit) => ({
        statusCode: 201,
        body: await startStockCount(trx, context, input, audit),
      }),
    });

    registerWriteRoute(app, db, {
      method: 'POST',
      url: `${base}/:id/submit`,
      access: { department },
      parse: (params, body) => ({
        id: parseInput(idParams, params).id,
        submission: parseInput(submitStockCountSchema, body),
      }),
      hashSource: (params, body) => ({ id: params.id, body }),
      run: async (trx, { id, submission }, audit) => ({
        statusCode: 200,
        body: await submitStockCount(trx, context, id, submission, audit),
      }),
    });

    // An admin's review on the admin screen (online), never queued on a tablet: not batchable.
    app.post(`${base}/:id/apply`, manager, async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      return runIdempotent(
        { db, request, reply, userId: request.user.id, hashSource: { id, apply: true } },
        async (trx) => ({
          statusCode: 200,
          body: await applyStockCount(trx, context, id, auditContextOf(request)),
        }),
      );
    });

    app.post(`${base}/:id/cancel`, manager, async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      return runIdempotent(
        { db, request, reply, userId: request.user.id, hashSource: { id, cancel: true } },
        async (trx) => ({
          statusCode: 200,
          body: await cancelStockCount(trx, context, id, auditContextOf(request)),
        }),
      );
    });
  }
}
