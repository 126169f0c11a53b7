import type { Kysely } from 'kysely';
import {
  goodsReceivedMessages,
  grnNumber,
  noteNumberKey,
  receivedReason,
  type DeliveryCreateInput,
  type DeliveryJson,
  type DeliveryRefusal,
} from '../../../domain/goods-received.ts';
import { sameLocation } from '../../../domain/product-locations.ts';
import type { DepartmentContext } from '../../context.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import {
  createProduct,
  findProduct,
  findProductAtLocation,
  toProductJson,
} from '../products/public.ts';
import { addStock } from '../stock/public.ts';
import { insertMovementLog } from '../transfers/public.ts';
import {
  deliveryIdExists,
  nextGrnNumber,
  noteBooked,
  toDeliveryJson,
  type DeliveryLineRow,
  type DeliveryRow,
} from './delivery-repository.ts';
import { findSupplier } from './supplier-repository.ts';

/**
 * A delivery booked in (issue 25 item 3, decision 0037), inside the caller's transaction (the one
 * holding the Idempotency-Key record), on both databases. All of it commits or none of it:
 *
 * - a line for an existing product raises that product's stock through the stock module
 *   (`addStock`, a relative UPDATE: concurrent orders and deliveries never lose a unit); the
 *   product must be kept at the line's location, since in the godown a product IS its stock at
 *   one place (a line for another place is refused, naming it: book it as a new product there);
 * - existing products are raised in product-id order whatever order the clerk entered, so two
 *   deliveries of the same products lock them in the same order and never deadlock on PostgreSQL;
 * - a line with a new product creates it through the products module (its checks: barcode free,
 *   its own audit entry), with the quantity received as its first stock;
 * - every line leaves a movement log (reason 'received', from the supplier to the location) and
 *   an audit entry; the delivery gets the next GRN number and one audit entry of its own;
 * - the same supplier's note booked twice is refused (409), even from two tablets: the check names
 *   it and the unique index (department, supplierId, noteKey) holds it under concurrency.
 */
type Db = Kysely<DatabaseSchema>;

interface BookedLine {
  index: number;
  productId: string;
  productName: string;
  location: string;
  quantity: number;
  createdProduct: boolean;
}

export async function bookDelivery(
  trx: Db,
  context: DepartmentContext,
  input: DeliveryCreateInput,
  audit: AuditContext,
): Promise<DeliveryJson> {
  const { descriptor } = context;
  const department = descriptor.id;
  if (await deliveryIdExists(trx, department, input._id)) {
    throw httpError(409, goodsReceivedMessages.deliveryIdTaken);
  }
  const supplier = await findSupplier(trx, department, input.supplierId);
  if (!supplier) throw httpError(404, goodsReceivedMessages.supplierNotFound);
  const noteKey = noteNumberKey(input.noteNumber);
  if (await noteBooked(trx, department, supplier.id, noteKey)) {
    throw httpError(409, goodsReceivedMessages.duplicateDelivery);
  }

  const now = nowIso();
  const booked: BookedLine[] = [];
  const existing = input.lines
    .map((line, index) => ({ line, index }))
    .flatMap(({ line, index }) => ('productId' in line ? [{ line, index }] : []))
    .sort((a, b) => (a.line.productId < b.line.productId ? -1 : 1));
  for (const { line, index } of existing) {
    const before = await findProduct(trx, department, line.productId);
    if (!before) throw lineRefusal(404, goodsReceivedMessages.lineProductNotFound, index, line);
    if (!sameLocation(before.location, line.location)) {
      throw lineRefusal(409, goodsReceivedMessages.lineWrongLocation, index, line, before);
    }
    const after = await addStock(trx, descriptor, before.id, line.quantity, now);
    if (!after) throw lineRefusal(404, goodsReceivedMessages.lineProductNotFound, index, line);
    await recordChange(trx, audit, {
      action: 'update',
      entity: 'product',
      entityId: before.id,
      department,
      before: { ...toProductJson(before, descriptor) },
      after: { ...toProductJson(after, descriptor) },
    });
    booked.push({
      index,
      productId: after.id,
      productName: after.name,
      location: after.location ?? line.location,
      quantity: line.quantity,
      createdProduct: false,
    });
  }
  for (const [index, line] of input.lines.entries()) {
    if (!('newProduct' in line)) continue;
    const { name, location = '' } = line.newProduct;
    const there = await findProductAtLocation(trx, department, name, location);
    if (there) {
      throw lineRefusal(
        409,
        goodsReceivedMessages.lineAlreadyAtLocation,
        index,
        {
          productId: there.id,
        },
        there,
      );
    }
    const product = await createProduct(trx, context, line.newProduct, undefined, audit);
    booked.push({
      index,
      productId: product._id,
      productName: product.name,
      location: product.location ?? location,
      quantity: line.newProduct.quantity,
      createdProduct: true,
    });
  }
  booked.sort((a, b) => a.index - b.index);

  const sequenceNumber = await nextGrnNumber(trx, department);
  const delivery: DeliveryRow = {
    id: input._id,
    department,
    sequenceNumber,
    grnNumber: grnNumber(sequenceNumber),
    supplierId: supplier.id,
    supplierName: supplier.name,
    noteNumber: input.noteNumber,
    noteKey,
    receivedOn: input.receivedOn,
    lineCount: booked.length,
    totalQuantity: booked.reduce((sum, line) => sum + line.quantity, 0),
    userId: audit.userId,
    userEmail: audit.userEmail,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const lines: DeliveryLineRow[] = booked.map((line) => ({
    department,
    deliveryId: delivery.id,
    position: line.index,
    productId: line.productId,
    productName: line.productName,
    location: line.location,
    quantity: line.quantity,
    createdProduct: line.createdProduct ? 1 : 0,
  }));
  try {
    await trx.insertInto('deliveries').values(delivery).execute();
  } catch (error) {
    // The same note booked at the same moment from another tablet: the second is told.
    if (isUniqueViolation(error)) throw httpError(409, goodsReceivedMessages.duplicateDelivery);
    throw error;
  }
  await trx.insertInto('delivery_lines').values(lines).execute();
  for (const line of booked) {
    const id = newId();
    await insertMovementLog(trx, {
      id,
      department,
      transactionId: id,
      productId: line.productId,
      productName: line.productName,
      destinationProductId: line.productId,
      origin: supplier.name,
      destination: line.location,
      transferQuantity: line.quantity,
      reason: receivedReason,
      userId: audit.userId,
      userEmail: audit.userEmail,
      transferDate: now,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  const json = toDeliveryJson({ ...delivery, lines });
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'delivery',
    entityId: delivery.id,
    department,
    before: null,
    after: {
      _id: json._id,
      grnNumber: json.grnNumber,
      supplierId: json.supplierId,
      supplierName: json.supplierName,
      noteNumber: json.noteNumber,
      receivedOn: json.receivedOn,
      lineCount: json.lineCount,
      totalQuantity: json.totalQuantity,
    },
  });
  return json;
}

/** A refused line, named by its index (as a sale's refusal names its line). */
function lineRefusal(
  status: 404 | 409,
  message: string,
  index: number,
  line: { productId: string },
  product?: { name: string; location: string | null },
): Error {
  const detail: DeliveryRefusal = {
    line: {
      index,
      productId: line.productId,
      productName: product?.name ?? null,
      location: product?.location ?? null,
    },
  };
  return httpError(status, message, { ...detail });
}
