import type { Kysely } from 'kysely';
import { formatOrderId, orderTotal } from '../../../domain/orders.ts';
import {
  formatSaleId,
  saleMessages,
  type SaleCreateInput,
  type SaleJson,
  type SaleLineInput,
  type SaleRefusal,
} from '../../../domain/sales.ts';
import type { DepartmentContext } from '../../context.ts';
import { isUniqueViolation, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import {
  insertOrder,
  nextOrderNumber,
  orderIdExists,
  orderWriteMessages,
  toOrderJson,
  type OrderRow,
} from '../orders/public.ts';
import { findProduct } from '../products/public.ts';
import { decrementStock, type StockRow } from '../stock/public.ts';
import {
  insertSale,
  nextSaleNumber,
  saleIdExists,
  toSaleJson,
  type SaleRow,
} from './repository.ts';

/**
 * A sale of several items (decision 0036), inside the caller's transaction (the one that holds
 * the Idempotency-Key record), on both databases:
 *
 * - every line takes its units through the stock module's conditional decrement, so a sale never
 *   oversells; the first line that cannot be served throws, and the transaction rolls back every
 *   line before it: nothing of a refused sale is written;
 * - the stock rows are taken in product-id order, whatever order the clerk entered, so two sales
 *   of the same products lock them in the same order and never deadlock on PostgreSQL;
 * - each line becomes an order row exactly like a single order (the department's order number:
 *   nextOrderNumber, the PostgreSQL sequence of migration 0014), carrying the sale's id and
 *   number; the order numbers are taken after every stock row, as a single order takes its own;
 * - one audit entry per order and one for the sale.
 */
type Db = Kysely<DatabaseSchema>;

export async function placeSale(
  trx: Db,
  context: DepartmentContext,
  input: SaleCreateInput,
  audit: AuditContext,
): Promise<SaleJson> {
  const { descriptor } = context;
  const department = descriptor.id;
  if (await saleIdExists(trx, department, input._id)) {
    throw httpError(409, saleMessages.saleIdTaken);
  }
  for (const line of input.lines) {
    if (await orderIdExists(trx, department, line._id)) {
      throw httpError(409, orderWriteMessages.orderIdTaken);
    }
  }
  const now = nowIso();
  const byProduct = input.lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => (a.line.productId < b.line.productId ? -1 : 1));
  const taken = new Map<number, StockRow>();
  for (const { line, index } of byProduct) {
    const product = await decrementStock(trx, descriptor, line.productId, line.quantity, now);
    if (!product) throw await refusal(trx, department, line, index);
    taken.set(index, product);
  }

  const sequenceNumber = await nextSaleNumber(trx, department);
  const sale: SaleRow = {
    id: input._id,
    department,
    sequenceNumber,
    saleNumber: formatSaleId(descriptor.orderPrefix, sequenceNumber),
    total: 0,
    lineCount: input.lines.length,
    userId: audit.userId,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const lines: OrderRow[] = [];
  for (const [index, line] of input.lines.entries()) {
    const product = taken.get(index);
    if (!product) throw new Error('A sale line has no stock row');
    const orderNumber = await nextOrderNumber(trx, department);
    const price = Number(product.price);
    lines.push({
      id: line._id,
      department,
      orderNumber,
      orderId: formatOrderId(descriptor.orderPrefix, orderNumber),
      productId: product.id,
      productName: product.name,
      quantity: line.quantity,
      price,
      total: orderTotal(price, line.quantity),
      status: 'pending',
      userId: audit.userId,
      saleId: sale.id,
      saleNumber: sale.saleNumber,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  sale.total = lines.reduce((sum, line) => sum + line.total, 0);

  try {
    await insertSale(trx, sale);
    for (const row of lines) await insertOrder(trx, row);
  } catch (error) {
    // The same sale sent twice at once without an Idempotency-Key: the second loses.
    if (isUniqueViolation(error)) throw httpError(409, saleMessages.saleIdTaken);
    throw error;
  }
  for (const row of lines) {
    await recordChange(trx, audit, {
      action: 'create',
      entity: 'order',
      entityId: row.id,
      department,
      before: null,
      after: { ...toOrderJson(row) },
    });
  }
  const json = toSaleJson({ ...sale, lines });
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'sale',
    entityId: sale.id,
    department,
    before: null,
    after: {
      _id: json._id,
      saleNumber: json.saleNumber,
      total: json.total,
      lineCount: json.lineCount,
      orderIds: lines.map((row) => row.orderId),
    },
  });
  return json;
}

/** Why a line took nothing: its product is gone (404) or short (409), naming the line. */
async function refusal(
  trx: Db,
  department: string,
  line: SaleLineInput,
  index: number,
): Promise<Error> {
  const product = await findProduct(trx, department, line.productId);
  if (!product) {
    const detail: SaleRefusal = {
      line: { index, productId: line.productId, productName: null, available: null },
    };
    return httpError(404, saleMessages.lineProductNotFound, { ...detail });
  }
  const detail: SaleRefusal = {
    line: {
      index,
      productId: line.productId,
      productName: product.name,
      available: Number(product.quantity),
    },
  };
  // `available` also at the top, where a single order's refusal has it (domain/outbox.ts).
  return httpError(409, saleMessages.lineExceedsStock, {
    available: Number(product.quantity),
    ...detail,
  });
}
