import type { Kysely } from 'kysely';

/**
 * The index behind the paged build of the products' cached plain GET (decision 0034): the body
 * is read page by page in the list's order, `department = ? and (createdAt, id) < (?, ?) order by
 * createdAt desc, id desc limit ?`. With only (department, createdAt), products that share a
 * createdAt (a bulk upload, a seed) were sorted by id again for every page. The old index is a
 * prefix of the new one, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_department_created_id_idx')
    .on('products')
    .columns(['department', 'createdAt', 'id'])
    .execute();
  await db.schema.dropIndex('products_department_created_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_department_created_idx')
    .on('products')
    .columns(['department', 'createdAt'])
    .execute();
  await db.schema.dropIndex('products_department_created_id_idx').execute();
}
