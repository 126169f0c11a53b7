import { CompiledQuery, type Kysely } from 'kysely';
import { orderMessages, type OrderCreateInput } from '../../../domain/orders.ts';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import { prepareOnEveryConnection } from '../../db/prepared-statements.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ClaimedKey } from '../../plugins/idempotency.ts';
import { httpError } from '../../http-errors.ts';
import type { AuditContext } from '../audit/public.ts';
import { findProduct } from '../products/public.ts';
import { postgresOrderDecrement, settleCondition, type StockRow } from '../stock/public.ts';
import {
  orderIdExists,
  orderWriteMessages,
  toOrderJson,
  type OrderRow,
  type PlacedOrder,
} from './repository.ts';

/**
 * An order on PostgreSQL in one statement (decision 0033): the conditional stock decrement (the
 * stock module's text), the department's next order number (a sequence, migration 0014), the
 * order row and its audit entry, as data-modifying CTEs. With the Idempotency-Key's claim before
 * it, an order is BEGIN, claim, this, COMMIT: the statement also completes the claimed key's
 * record with the answer (its JSON text written as JSON.stringify writes an OrderJson), so the
 * stock row is locked for the statement and the COMMIT only, and no counter row is locked at all.
 * The same rules as the SQLite path (service.ts placeOrder), which stays as it was:
 *
 * - never oversold: the UPDATE's `quantity >= amount` decides, under the row lock;
 * - an order id the department already has takes nothing (the decrement's NOT EXISTS), and a
 *   concurrent twin fails on the primary key: 409 either way;
 * - the order id text, the audit's `changes` and the answer's JSON are made here in SQL; they
 *   equal what formatOrderId, changedFields(null, order) and JSON.stringify(toOrderJson(row))
 *   make (tests/api/order-numbers.test.ts), so a field added to OrderJson goes here too.
 *
 * Parameters: $1 quantity, $2 now, $3 product id, $4 department, $5 order id, $6 order prefix,
 * $7 user id, $8 audit id, $9 made-at, $10 user e-mail, $11 and $12 the claimed key's user id
 * and key (null without a key: then no record is written).
 */
const placeOrderSql = `with taken as (${postgresOrderDecrement}),
  numbered as (select taken.*, next_order_number($4::text) as "orderNumber" from taken),
  placed as (
    insert into orders (id, department, "orderNumber", "orderId", "productId", "productName",
      quantity, price, total, status, "userId", "deletedAt", "createdAt", "updatedAt")
    select $5::text, $4::text, n."orderNumber",
      'ORD-' || $6::text || '-' || lpad(n."orderNumber"::text, greatest(6, length(n."orderNumber"::text)), '0'),
      n.id, n.name, $1::integer, n.price, n.price * $1::integer, 'pending', $7::text, null, $2::text, $2::text
    from numbered n
    returning *),
  audited as (
    insert into audit_log (id, at, "madeAt", "userId", "userEmail", action, entity, "entityId",
      department, changes)
    select $8::text, $2::text, $9::text, $7::text, $10::text, 'create', 'order', p.id, $4::text,
      json_build_object(
        '_id', json_build_object('before', null, 'after', p.id),
        'orderId', json_build_object('before', null, 'after', p."orderId"),
        'productId', json_build_object('before', null, 'after', p."productId"),
        'productName', json_build_object('before', null, 'after', p."productName"),
        'quantity', json_build_object('before', null, 'after', p.quantity),
        'price', json_build_object('before', null, 'after', p.price),
        'total', json_build_object('before', null, 'after', p.total),
        'status', json_build_object('before', null, 'after', p.status),
        'createdAt', json_build_object('before', null, 'after', p."createdAt"))::text
    from placed p),
  recorded as (
    update idempotency_keys set state = 'completed', "statusCode" = 201, "responseBody" = (
      select '{"_id":' || to_json(p.id)::text || ',"orderId":' || to_json(p."orderId")::text ||
        ',"productId":' || to_json(p."productId")::text ||
        ',"productName":' || to_json(p."productName")::text ||
        ',"quantity":' || p.quantity || ',"price":' || p.price || ',"total":' || p.total ||
        ',"status":' || to_json(p.status)::text || ',"createdAt":' || to_json(p."createdAt")::text ||
        ',"updatedAt":' || to_json(p."updatedAt")::text || ',"saleId":null,"saleNumber":null}'
      from placed p)
    where "userId" = $11::text and key = $12::text and exists (select 1 from placed)
    returning 1)
  select to_json(p) as "order", to_json(t) as product,
    exists (select 1 from recorded) as recorded
  from placed p, taken t`;

// Parsed and planned once per connection, like the fixed queries (server/db/prepared-statements.ts).
prepareOnEveryConnection(placeOrderSql);

type Db = Kysely<DatabaseSchema>;
type Placed = { order: OrderRow; product: StockRow; recorded: boolean };
type OrderDescriptor = Pick<
  DepartmentDescriptor,
  'id' | 'orderPrefix' | 'extraFields' | 'lowStockThreshold'
>;

export async function placeOrderPostgres(
  trx: Db,
  descriptor: OrderDescriptor,
  input: OrderCreateInput,
  audit: AuditContext,
  claimed: ClaimedKey | undefined,
): Promise<PlacedOrder> {
  const id = input._id ?? newId();
  const parameters = [
    input.quantity,
    nowIso(),
    input.productId,
    descriptor.id,
    id,
    descriptor.orderPrefix,
    audit.userId,
    newId(),
    audit.madeAt,
    audit.userEmail,
    claimed?.userId ?? null,
    claimed?.key ?? null,
  ];
  let rows: Placed[];
  try {
    ({ rows } = await trx.executeQuery<Placed>(CompiledQuery.raw(placeOrderSql, parameters)));
  } catch (error) {
    // The same client id sent twice at once without an Idempotency-Key: the second loses.
    if (isUniqueViolation(error)) throw httpError(409, orderWriteMessages.orderIdTaken);
    throw error;
  }
  const placed = rows[0];
  if (!placed) throw await refusal(trx, descriptor, input, id);
  // to_json writes int8 columns (price, total, version) as JSON numbers, not the driver's text.
  await settleCondition(trx, descriptor, placed.product);
  return { order: toOrderJson(placed.order), recorded: placed.recorded };
}

/** Why nothing was taken (the rare path, so separate reads): the id, the product or its stock. */
async function refusal(
  trx: Db,
  descriptor: OrderDescriptor,
  input: OrderCreateInput,
  id: string,
): Promise<Error> {
  if (input._id !== undefined && (await orderIdExists(trx, descriptor.id, id))) {
    return httpError(409, orderWriteMessages.orderIdTaken);
  }
  const exists = await findProduct(trx, descriptor.id, input.productId);
  return exists
    ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
    : httpError(404, orderMessages.productNotFound);
}
