import { sql, type Kysely } from 'kysely';

/**
 * Products get a barcode and a reorder level (issue 15; domain/inventory-fields.ts). Both are
 * nullable: no barcode, and the department's default level (domain/low-stock.ts).
 *
 * A barcode is unique among the live products of one department: a partial unique index on
 * (department, barcode) over rows with a barcode and no `deletedAt`, so a deleted product's
 * barcode may be given to a new one, and two departments may sell the same article under one
 * EAN. The same index answers the lookup of a scan. Both databases support partial indexes and
 * ADD COLUMN with a CHECK; adding nullable columns rewrites no row, so the list versions (and
 * every ETag handed out) stay valid.
 */
const table = 'products';
const barcodeIndex = 'products_department_barcode_live_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable(table).addColumn('barcode', 'text').execute();
  await db.schema
    .alterTable(table)
    .addColumn('reorderLevel', 'integer', (col) => col.check(sql`"reorderLevel" >= 0`))
    .execute();
  await db.schema
    .createIndex(barcodeIndex)
    .on(table)
    .columns(['department', 'barcode'])
    .unique()
    .where(sql.ref('barcode'), 'is not', null)
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(barcodeIndex).execute();
  await db.schema.alterTable(table).dropColumn('reorderLevel').execute();
  await db.schema.alterTable(table).dropColumn('barcode').execute();
}
