import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  departments,
  productDepartmentIds,
  type DepartmentDescriptor,
} from '../../../domain/departments.ts';
import {
  orderCreateSchema,
  orderEditSchema,
  orderMessages,
  type OrderCreateInput,
  type OrderJson,
} from '../../../domain/orders.ts';
import type { AppContext, DepartmentContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireDepartment } from '../../plugins/auth.ts';
import { registerWriteRoute } from '../../plugins/write-routes.ts';
import { parseInput } from '../../validation.ts';
import {
  createListCache,
  createListServer,
  declareList,
  createdRangeOf,
  listChanges,
  type ListCache,
  type ListSource,
} from '../lists/public.ts';
import { findOrder, listOrders, toOrderJson, type OrderRow } from './repository.ts';
import { placeOrderPostgres } from './place-order-postgres.ts';
import { deleteOrder, editOrder, placeOrder } from './service.ts';

/**
 * Orders of every product department (their products are the products module's):
 *
 *   GET    /{dept}/orders[?updatedSince=cursor]      members and admins, newest first; &limit=n;
 *                                                    &createdSince=&createdBefore= (change pages
 *                                                    only: orders created in that range, decision 0035)
 *   GET    /{dept}/orders/{id}                       department members and admins
 *   POST   /{dept}/orders                            department members and admins
 *   PUT    /{dept}/orders/{id}                       admin; {quantity}
 *   DELETE /{dept}/orders/{id}                       admin; returns stock
 *
 * Every mutating route runs in one transaction with its Idempotency-Key record; database triggers
 * raise the list's change version in that transaction (migration 0004-list-versions). The list
 * is read through the lists module (server/modules/lists/).
 */
const ordersList = declareList('orders');

const idParams = z.object({ id: z.string().min(1).max(200) });

interface DepartmentRoutesOptions extends AppContext {
  descriptor: DepartmentDescriptor;
  /** Whole-list bodies of this app (one cache per ordersRoutes registration). */
  listCache: ListCache;
}

async function departmentRoutes(
  app: FastifyInstance,
  options: DepartmentRoutesOptions,
): Promise<void> {
  const { db, dialect, descriptor, listCache } = options;
  const department = descriptor.id;
  const context: DepartmentContext = { dialect, descriptor };
  const member = { preHandler: requireDepartment(department) };
  const serveList = createListServer({ db, department, listCache });
  const orders: ListSource<OrderRow, OrderJson> = {
    list: ordersList,
    all: () => listOrders(db, department),
    changes: (from, limit) => listChanges(db, ordersList, department, from, limit),
    toJson: toOrderJson,
  };

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────
  app.get('/orders', member, (request, reply) => {
    const range = createdRangeOf(request.query);
    if (range === undefined) return serveList(request, reply, orders);
    return serveList(request, reply, {
      ...orders,
      changes: (from, limit) => listChanges(db, ordersList, department, from, limit, range),
      range,
    });
  });

  app.get('/orders/:id', member, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const row = await findOrder(db, department, id);
    if (!row) throw httpError(404, orderMessages.notFound);
    return toOrderJson(row);
  });

  registerWriteRoute<OrderCreateInput>(app, db, {
    method: 'POST',
    url: '/orders',
    access: { department },
    parse: (_params, body) => parseInput(orderCreateSchema, body),
    run: async (trx, input, audit) => ({
      statusCode: 201,
      body: await placeOrder(trx, context, input, audit),
    }),
    // PostgreSQL: one statement that is its own transaction, records the key (decision 0044) and
    // confirms the session (decision 0046).
    ...(dialect === 'postgres'
      ? {
          runRecorded: async (handle, input, audit, record, session) => ({
            statusCode: 201,
            body: await placeOrderPostgres(handle, descriptor, input, audit, record, session),
          }),
          confirmsSession: true,
        }
      : {}),
  });

  registerWriteRoute(app, db, {
    method: 'PUT',
    url: '/orders/:id',
    access: { manage: department },
    parse: (params, body) => ({
      id: parseInput(idParams, params).id,
      quantity: parseInput(orderEditSchema, body).quantity,
    }),
    run: async (trx, { id, quantity }, audit) => ({
      statusCode: 200,
      body: {
        message: orderMessages.updated,
        order: await editOrder(trx, context, id, quantity, audit),
      },
    }),
  });

  registerWriteRoute(app, db, {
    method: 'DELETE',
    url: '/orders/:id',
    access: { manage: department },
    parse: (params) => parseInput(idParams, params).id,
    hashSource: () => null,
    run: async (trx, id, audit) => {
      await deleteOrder(trx, context, id, audit);
      return { statusCode: 200, body: { message: orderMessages.deleted } };
    },
  });
}

/** The orders module: registered once under /api/v1 (server/app.ts). */
export async function ordersRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  // The order routes answered inside the products module's multipart scope before they had a
  // module of their own: a multipart body still gets the same 400 (not a 415). No file is read.
  await app.register(multipart);
  // Only the context: the options also carry this module's own prefix.
  const context: AppContext = { config: options.config, db: options.db, dialect: options.dialect };
  const listCache = createListCache();
  for (const id of productDepartmentIds) {
    await app.register(departmentRoutes, {
      ...context,
      prefix: `/${id}`,
      descriptor: departments[id],
      listCache,
    });
  }
}
