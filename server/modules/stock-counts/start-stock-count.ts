import { sql, type Kysely } from 'kysely';
import {
  stockCountMessages,
  type StartStockCountInput,
  type StockCountJson,
} from '../../../domain/stock-counts.ts';
import { newId, nowIso } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { httpError } from '../../http-errors.ts';
import { recordChange, type AuditContext } from '../audit/public.ts';
import type { DepartmentContext } from '../../context.ts';
import { reread } from './count-state.ts';
import { stockCountIdExists } from './repository.ts';

type Db = Kysely<DatabaseSchema>;

/** Opens a count of one location: its lines are the snapshot of the products there (count-state.ts). */
export async function startStockCount(
  trx: Db,
  context: DepartmentContext,
  input: StartStockCountInput,
  audit: AuditContext,
): Promise<StockCountJson> {
  const department = context.descriptor.id;
  if (input._id !== undefined && (await stockCountIdExists(trx, input._id))) {
    throw httpError(409, stockCountMessages.idTaken);
  }
  const open = await trx
    .selectFrom('stock_counts')
    .select('id')
    .where('department', '=', department)
    .where('status', '=', 'open')
    .where(sql`lower(location)`, '=', sql`lower(${input.location})`)
    .executeTakeFirst();
  if (open) throw httpError(409, stockCountMessages.alreadyOpen);

  const products = await trx
    .selectFrom('products')
    .select(['id', 'name', 'barcode', 'quantity', 'location'])
    .where('department', '=', department)
    .where('deletedAt', 'is', null)
    .where(sql`lower(location)`, '=', sql`lower(${input.location})`)
    .$if(context.dialect === 'postgres', (query) => query.forShare())
    .execute();
  if (products.length === 0) throw httpError(409, stockCountMessages.noProducts);

  const now = nowIso();
  const id = input._id ?? newId();
  // The location as the products spell it, so the count reads like the inventory list.
  const location = products[0]?.location ?? input.location;
  await trx
    .insertInto('stock_counts')
    .values({
      id,
      department,
      location,
      status: 'open',
      startedAt: now,
      startedBy: audit.userEmail,
      submittedAt: null,
      submittedBy: null,
      closedAt: null,
      closedBy: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  // In slices: a location of thousands of products stays under every driver's parameter limit.
  for (let start = 0; start < products.length; start += 500) {
    await trx
      .insertInto('stock_count_lines')
      .values(
        products.slice(start, start + 500).map((product) => ({
          countId: id,
          productId: product.id,
          productName: product.name,
          barcode: product.barcode,
          stockAtStart: Number(product.quantity),
          counted: null,
          countedAt: null,
          expected: null,
          variance: null,
          adjustment: null,
        })),
      )
      .execute();
  }
  await recordChange(trx, audit, {
    action: 'create',
    entity: 'stock-count',
    entityId: id,
    department,
    before: null,
    after: { location, status: 'open', lines: products.length },
  });
  return reread(trx, context, id);
}
