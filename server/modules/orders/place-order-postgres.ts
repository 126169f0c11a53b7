import { CompiledQuery, type Kysely } from 'kysely';
import { orderMessages, type OrderCreateInput, type OrderJson } from '../../../domain/orders.ts';
import type { DepartmentDescriptor } from '../../../domain/departments.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/database.ts';
import { prepareOnEveryConnection } from '../../db/prepared-statements.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { sessionIsCurrentSql, type SessionToConfirm } from '../../plugins/auth.ts';
import type { KeyRecord } from '../../plugins/idempotency.ts';
import { httpError } from '../../http-errors.ts';
import type { AuditContext } from '../audit/public.ts';
import { findProduct } from '../products/public.ts';
import {
  hasCondition,
  postgresOrderDecrement,
  settleCondition,
  type StockRow,
} from '../stock/public.ts';
import { orderIdExists, orderWriteMessages, toOrderJson, type OrderRow } from './repository.ts';

/**
 * An order on PostgreSQL in one statement (decisions 0033 and 0044): the conditional stock
 * decrement (the stock module's text), the department's next order number (a sequence, migration
 * 0014), the order row, its audit entry and, with an Idempotency-Key, the key's record completed
 * with the answer (its JSON text written as JSON.stringify writes an OrderJson), as data-modifying
 * CTEs. On its REST route it also confirms the session (decision 0046): nothing is taken unless
 * the user's row is at the token's version, so no read of the user precedes it. The statement is
 * its own transaction: one round trip, the stock row locked for the
 * statement and its commit only, no counter row locked at all. Only a department whose products
 * carry a condition (the godown) wraps it in BEGIN … COMMIT, with the condition's UPDATE when the
 * new stock changes its band. The same rules as the SQLite path (service.ts placeOrder):
 *
 * - never oversold: the UPDATE's `quantity >= amount` decides, under the row lock;
 * - an order id the department already has takes nothing (the decrement's NOT EXISTS), and a
 *   concurrent twin fails on the primary key: 409 either way, or the stored answer when the
 *   request's key has a record (applyRecordedWrite);
 * - the key's record is written only with an order: a refused order leaves nothing, and a repeat
 *   of a recorded key fails on the record's primary key and rolls back whole;
 * - the order id text, the audit's `changes` and the answer's JSON are made here in SQL; they
 *   equal what formatOrderId, changedFields(null, order) and JSON.stringify(toOrderJson(row))
 *   make (tests/api/order-numbers.test.ts), so a field added to OrderJson goes here too.
 *
 * Parameters: $1 quantity, $2 now, $3 product id, $4 department, $5 order id, $6 order prefix,
 * $7 user id, $8 audit id, $9 made-at, $10 user e-mail, then the key's record ($11 user id, $12
 * key, $13 method, $14 path, $15 body hash, $16 created-at; all null without a key: no record),
 * then the session to confirm ($17 user id, $18 token version; null when the caller read the user).
 */
const placeOrderSql = `with taken as (${postgresOrderDecrement(sessionIsCurrentSql(17, 18))}),
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
    insert into idempotency_keys (key, "userId", method, path, "bodyHash", state, "statusCode",
      "responseBody", "createdAt")
    select $12::text, $11::text, $13::text, $14::text, $15::text, 'completed', 201,
      '{"_id":' || to_json(p.id)::text || ',"orderId":' || to_json(p."orderId")::text ||
        ',"productId":' || to_json(p."productId")::text ||
        ',"productName":' || to_json(p."productName")::text ||
        ',"quantity":' || p.quantity || ',"price":' || p.price || ',"total":' || p.total ||
        ',"status":' || to_json(p.status)::text || ',"createdAt":' || to_json(p."createdAt")::text ||
        ',"updatedAt":' || to_json(p."updatedAt")::text || ',"saleId":null,"saleNumber":null}',
      $16::text
    from placed p
    where $12::text is not null)
  select to_json(p) as "order", to_json(t) as product from placed p, taken t`;

// Parsed and planned once per connection, like the fixed queries (server/db/prepared-statements.ts).
prepareOnEveryConnection(placeOrderSql);

type Db = Kysely<DatabaseSchema>;
type Placed = { order: OrderRow; product: StockRow };
type OrderDescriptor = Pick<
  DepartmentDescriptor,
  'id' | 'orderPrefix' | 'extraFields' | 'lowStockThreshold'
>;

export async function placeOrderPostgres(
  db: Db,
  descriptor: OrderDescriptor,
  input: OrderCreateInput,
  audit: AuditContext,
  record: KeyRecord | undefined,
  session: SessionToConfirm | undefined,
): Promise<OrderJson> {
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
    record?.userId ?? null,
    record?.key ?? null,
    record?.method ?? null,
    record?.path ?? null,
    record?.bodyHash ?? null,
    record?.createdAt ?? null,
    session?.userId ?? null,
    session?.tokenVersion ?? null,
  ];
  const place = async (handle: Db): Promise<OrderJson> => {
    let rows: Placed[];
    try {
      ({ rows } = await handle.executeQuery<Placed>(CompiledQuery.raw(placeOrderSql, parameters)));
    } catch (error) {
      // The same client id sent twice at once: the second loses (applyRecordedWrite answers it
      // from the key's record when the request has one).
      if (isUniqueViolation(error)) throw httpError(409, orderWriteMessages.orderIdTaken);
      throw error;
    }
    const placed = rows[0];
    // Taking nothing may be the session's doing: the route then answers 401 instead
    // (registerWriteRoute), and a stored answer is not replayed (answerWrite).
    if (!placed) throw await refusal(handle, descriptor, input, id);
    // to_json writes int8 columns (price, total, version) as JSON numbers, not the driver's text.
    await settleCondition(handle, descriptor, placed.product);
    return toOrderJson(placed.order);
  };
  // The condition's UPDATE must commit with the order: only then a transaction around it.
  return hasCondition(descriptor) ? db.transaction().execute((trx) => place(trx)) : place(db);
}

/** Why nothing was taken (the rare path, so separate reads): the id, the product or its stock. */
async function refusal(
  db: Db,
  descriptor: OrderDescriptor,
  input: OrderCreateInput,
  id: string,
): Promise<Error> {
  if (input._id !== undefined && (await orderIdExists(db, descriptor.id, id))) {
    return httpError(409, orderWriteMessages.orderIdTaken);
  }
  const exists = await findProduct(db, descriptor.id, input.productId);
  return exists
    ? httpError(409, orderMessages.exceedsStock, { available: Number(exists.quantity) })
    : httpError(404, orderMessages.productNotFound);
}
