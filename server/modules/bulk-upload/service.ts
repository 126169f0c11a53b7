import type { Kysely } from 'kysely';
import { sameProductKey, type BulkUploadRowInput } from '../../../domain/bulk-upload.ts';
import { departments } from '../../../domain/departments.ts';
import { sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { AuditContext } from '../audit/record.ts';
import { createProduct, updateProduct, type CatalogContext } from '../catalog/service.ts';

type Db = Kysely<DatabaseSchema>;

const godown = departments.godown;

/**
 * Stores the rows of one upload in the caller's transaction (all or nothing): a row whose name and
 * location match a live godown product (case-insensitive) updates it, any other creates one.
 *
 * An update REPLACES price, quantity and description with the file's (and takes the file's
 * spelling of name and location): a stock sheet says how many there are, so uploading the same
 * sheet twice leaves the same stock, where adding would double it. Both go through the catalog's
 * services, so the condition follows the quantity, the product's version rises (tablets pull the
 * change through the list-version triggers) and each change writes its audit row.
 *
 * When the godown already holds two products that match one row (two spellings created by the
 * form), the oldest is updated.
 */
export async function storeUpload(
  trx: Db,
  dialect: DialectName,
  rows: readonly BulkUploadRowInput[],
  audit: AuditContext,
): Promise<{ created: number; updated: number }> {
  // Two uploads at once on PostgreSQL would both miss a product neither has committed and create
  // it twice; one upload at a time (released at commit). SQLite writes one transaction at a time.
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext('godown-bulk-upload'))`.execute(trx);
  }
  const existing = await trx
    .selectFrom('products')
    .select(['id', 'name', 'location'])
    .where('department', '=', godown.id)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // Newest first, so the oldest of several matches is the one left in the map.
  const byKey = new Map<string, string>();
  for (const product of existing)
    byKey.set(sameProductKey(product.name, product.location ?? ''), product.id);

  const context: CatalogContext = { dialect, descriptor: godown };
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const id = byKey.get(sameProductKey(row.name, row.location));
    if (id) {
      await updateProduct(trx, context, id, row, audit);
      updated += 1;
    } else {
      await createProduct(trx, context, row, undefined, audit);
      created += 1;
    }
  }
  return { created, updated };
}
