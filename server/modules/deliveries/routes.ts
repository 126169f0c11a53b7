import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departments } from '../../../domain/departments.ts';
import {
  deliveryCreateSchema,
  deliveryDepartmentIds,
  goodsReceivedMessages,
  type DeliveryJson,
} from '../../../domain/goods-received.ts';
import { supplierMessages, supplierSchema, type SupplierJson } from '../../../domain/suppliers.ts';
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
import { bookDelivery } from './book-delivery.ts';
import {
  deliveriesList,
  deliveryChanges,
  findDelivery,
  listDeliveries,
  toDeliveryJson,
  type DeliveryWithLines,
} from './delivery-repository.ts';
import {
  listSuppliers,
  supplierChanges,
  suppliersList,
  toSupplierJson,
  type SupplierRow,
} from './supplier-repository.ts';
import { createSupplier, updateSupplier } from './supplier-service.ts';

/**
 * Goods received (issue 25 item 3; decision 0037), for the departments that book deliveries
 * (domain/goods-received.ts `deliveryDepartmentIds`, descriptor data: the godown):
 *
 *   GET   /{dept}/suppliers[?updatedSince=…]    the suppliers (a mirrored list)        (members)
 *   POST  /{dept}/suppliers                     {_id?, name, phone?, notes?} → 201    (members)
 *   PUT   /{dept}/suppliers/{id}                {name, phone?, notes?} → 200           (members)
 *   GET   /{dept}/deliveries[?updatedSince=…]   deliveries with their lines (mirrored; members)
 *                                               &createdSince=&createdBefore= on change pages
 *   GET   /{dept}/deliveries/{id}               one delivery with its lines             (members)
 *   POST  /{dept}/deliveries                    {_id, supplierId, noteNumber, receivedOn,
 *                                               lines} → 201; 404/409 naming a refused line
 *
 * Members (the department's employees, its manager and admins) keep the suppliers list and book
 * deliveries: the warehouse keeper does it at the door. The writes run in one transaction with
 * their Idempotency-Key record, so a replay answers the stored result, alone or inside POST /batch.
 */
const idParams = z.object({ id: z.uuid({ error: goodsReceivedMessages.notFound }) });
const supplierIdParams = z.object({ id: z.uuid({ error: supplierMessages.notFound }) });

export async function deliveriesRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const listCache = createListCache();
  for (const department of deliveryDepartmentIds) {
    const context = { dialect, descriptor: departments[department] };
    const member = { preHandler: requireDepartment(department) };
    const serveList = createListServer({ db, department, listCache });

    const suppliers: ListSource<SupplierRow, SupplierJson> = {
      list: suppliersList,
      all: () => listSuppliers(db, department),
      changes: (from, limit) => supplierChanges(db, department, from, limit),
      toJson: toSupplierJson,
    };
    app.get(`/${department}/suppliers`, member, (request, reply) =>
      serveList(request, reply, suppliers),
    );
    registerWriteRoute(app, db, {
      method: 'POST',
      url: `/${department}/suppliers`,
      access: { department },
      parse: (_params, body) => parseInput(supplierSchema, body),
      run: async (trx, input, audit) => ({
        statusCode: 201,
        body: await createSupplier(trx, department, input, audit),
      }),
    });
    registerWriteRoute(app, db, {
      method: 'PUT',
      url: `/${department}/suppliers/:id`,
      access: { department },
      parse: (params, body) => ({
        id: parseInput(supplierIdParams, params).id,
        input: parseInput(supplierSchema, body),
      }),
      hashSource: (params, body) => ({ id: params.id, body }),
      run: async (trx, { id, input }, audit) => ({
        statusCode: 200,
        body: await updateSupplier(trx, department, id, input, audit),
      }),
    });

    const deliveries: ListSource<DeliveryWithLines, DeliveryJson> = {
      list: deliveriesList,
      all: () => listDeliveries(db, department),
      changes: (from, limit) => deliveryChanges(db, department, from, limit),
      toJson: toDeliveryJson,
    };
    const base = `/${department}/deliveries`;
    // A tablet asks for the window of days it keeps (decision 0035), as with orders and sales.
    app.get(base, member, (request, reply) => {
      const range = createdRangeOf(request.query);
      if (range === undefined) return serveList(request, reply, deliveries);
      return serveList(request, reply, {
        ...deliveries,
        changes: (from, limit) => deliveryChanges(db, department, from, limit, range),
        range,
      });
    });
    app.get(`${base}/:id`, member, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const delivery = await findDelivery(db, department, id);
      if (!delivery) throw httpError(404, goodsReceivedMessages.notFound);
      return toDeliveryJson(delivery);
    });
    registerWriteRoute(app, db, {
      method: 'POST',
      url: base,
      access: { department },
      // The server's clock decides whether the date received is in the future.
      parse: (_params, body) => parseInput(deliveryCreateSchema(), body),
      run: async (trx, input, audit) => ({
        statusCode: 201,
        body: await bookDelivery(trx, context, input, audit),
      }),
    });
  }
}
