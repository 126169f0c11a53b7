import { sql, type Insertable, type Kysely } from 'kysely';
import { changedFields } from '../../../domain/audit.ts';
import { bulkUploadMessages } from '../../../domain/bulk-upload-messages.ts';
import {
  sameProductKey,
  type BulkUploadProduct,
  type BulkUploadRowError,
} from '../../../domain/bulk-upload.ts';
import { inventoryMessages } from '../../../domain/inventory-fields.ts';
import { departments } from '../../../domain/departments.ts';
import { isUniqueViolation, newId, nowIso, type DialectName } from '../../db/database.ts';
import { httpError } from '../../http-errors.ts';
import type { AuditLogTable, DatabaseSchema } from '../../db/schema.ts';
import type { AuditContext, ChangeRecord } from '../audit/public.ts';
import { toProductJson, type ProductRow } from '../products/public.ts';
import { setStocks, storedCondition } from '../stock/public.ts';

type Db = Kysely<DatabaseSchema>;

const godown = departments.godown;

/**
 * Stores the rows of one upload in the caller's transaction (all or nothing): a row whose name and
 * location match a live godown product (case-insensitive) updates it, any other creates one.
 *
 * An update REPLACES price, quantity and description with the file's (and takes the file's
 * spelling of name and location): a stock sheet says how many there are, so uploading the same
 * sheet twice leaves the same stock, where adding would double it. When the godown already holds
 * two products matching one row (two spellings created by the form), the oldest is updated.
 *
 * The rows are what the products service writes (server/modules/products/service.ts: condition
 * from the quantity, version + 1, `updatedAt`; the stock and its condition through the stock
 * module's `setStocks`) and each change gets the audit row `recordChange` writes (decision 0011),
 * but in multi-row statements: 10,000 products one statement at a time took
 * tens of seconds on PostgreSQL. The list-version triggers bump the godown list as for any write,
 * so tablets pull the change.
 */
const insertChunk = 500;
const updateChunk = 200;

export async function storeUpload(
  trx: Db,
  dialect: DialectName,
  rows: readonly BulkUploadProduct[],
  audit: AuditContext,
): Promise<{ created: number; updated: number }> {
  // Two uploads at once on PostgreSQL would both miss a product neither has committed and create
  // it twice; one upload at a time (released at commit). SQLite writes one transaction at a time.
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext('godown-bulk-upload'))`.execute(trx);
  }
  const existing = await trx
    .selectFrom('products')
    .selectAll()
    .where('department', '=', godown.id)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .execute();
  const byKey = new Map<string, ProductRow>();
  for (const product of existing) {
    const key = sameProductKey(product.name, product.location ?? '');
    if (!byKey.has(key)) byKey.set(key, product);
  }

  assertBarcodesFree(rows, existing, byKey);

  const now = nowIso();
  const created: ProductRow[] = [];
  const updated: { before: ProductRow; after: ProductRow }[] = [];
  for (const row of rows) {
    const before = byKey.get(sameProductKey(row.name, row.location));
    const fields = {
      name: row.name,
      description: row.description,
      price: row.price,
      quantity: row.quantity,
      location: row.location,
      // An updated product keeps its own reorder level, which decides its condition.
      condition: storedCondition(
        { quantity: row.quantity, reorderLevel: before?.reorderLevel ?? null },
        godown,
      ),
      updatedAt: now,
    };
    if (before) {
      updated.push({
        before,
        // A blank barcode cell keeps the product's barcode; a value replaces it.
        after: {
          ...before,
          ...fields,
          barcode: row.barcode ?? before.barcode,
          version: Number(before.version) + 1,
        },
      });
    } else {
      created.push({
        ...fields,
        id: newId(),
        department: godown.id,
        imageId: null,
        nutrients: null,
        barcode: row.barcode ?? null,
        reorderLevel: null,
        version: 1,
        deletedAt: null,
        createdAt: now,
      });
    }
  }

  await withBarcodeRace(async () => {
    for (let start = 0; start < created.length; start += insertChunk) {
      await trx
        .insertInto('products')
        .values(created.slice(start, start + insertChunk))
        .execute();
    }
    for (let start = 0; start < updated.length; start += updateChunk) {
      await updateProducts(trx, updated.slice(start, start + updateChunk), now);
    }
  });

  const changes: ChangeRecord[] = [
    ...created.map((row) => change('create', null, row)),
    ...updated.map(({ before, after }) => change('update', before, after)),
  ];
  await recordChanges(trx, audit, changes);
  return { created: created.length, updated: updated.length };
}

/**
 * A row's barcode may not belong to another live godown product (the one the row updates may keep
 * it): every such row is named, and nothing is written, like any row error (all or nothing). The
 * file itself was checked for repeats when it was read (domain/bulk-upload.ts).
 */
function assertBarcodesFree(
  rows: readonly BulkUploadProduct[],
  existing: readonly ProductRow[],
  byKey: ReadonlyMap<string, ProductRow>,
): void {
  const holders = new Map<string, string>();
  for (const product of existing) {
    if (product.barcode !== null) holders.set(product.barcode, product.id);
  }
  const errors: BulkUploadRowError[] = [];
  for (const row of rows) {
    if (row.barcode === null || row.barcode === undefined) continue;
    const holder = holders.get(row.barcode);
    const target = byKey.get(sameProductKey(row.name, row.location));
    if (holder !== undefined && holder !== target?.id) {
      errors.push({ row: row.row, errors: [inventoryMessages.barcodeTaken] });
    }
  }
  if (errors.length > 0) throw httpError(400, bulkUploadMessages.rowsInvalid, { errors });
}

/**
 * A product given the same barcode by a form between our read and our write (SQLite's single
 * writer and PostgreSQL's lock on the godown's rows leave only that) loses to the unique index.
 */
async function withBarcodeRace(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw httpError(409, inventoryMessages.barcodeTaken);
    throw error;
  }
}

function change(
  action: 'create' | 'update',
  before: ProductRow | null,
  after: ProductRow,
): ChangeRecord {
  return {
    action,
    entity: 'product',
    entityId: after.id,
    department: godown.id,
    before: before ? { ...toProductJson(before, godown) } : null,
    after: { ...toProductJson(after, godown) },
  };
}

/**
 * Two UPDATEs for a chunk of products, each column set with CASE id WHEN … THEN … END: the other
 * fields (and the version) here, the stock and its condition by the stock module.
 */
async function updateProducts(
  trx: Db,
  chunk: readonly { after: ProductRow }[],
  now: string,
): Promise<void> {
  const caseOf = <T>(value: (row: ProductRow) => T, type?: 'bigint' | 'integer') =>
    sql<T>`case ${sql.ref('id')} ${sql.join(
      chunk.map(({ after }) =>
        type
          ? sql`when ${after.id} then cast(${value(after)} as ${sql.raw(type)})`
          : sql`when ${after.id} then ${value(after)}`,
      ),
      sql` `,
    )} end`;
  await trx
    .updateTable('products')
    .set({
      name: caseOf((row) => row.name),
      description: caseOf((row) => row.description),
      price: caseOf((row) => row.price, 'bigint'),
      location: caseOf((row) => row.location),
      barcode: caseOf((row) => row.barcode),
      version: sql`${sql.ref('version')} + 1`,
      updatedAt: now,
    })
    .where(
      'id',
      'in',
      chunk.map(({ after }) => after.id),
    )
    .execute();
  await setStocks(
    trx,
    godown,
    chunk.map(({ after }) => ({
      id: after.id,
      quantity: Number(after.quantity),
      reorderLevel: after.reorderLevel,
    })),
    now,
  );
}

/**
 * The audit rows `recordChange` (server/modules/audit/record.ts) writes, several per statement:
 * an update that changed nothing an auditor needs writes none.
 */
async function recordChanges(
  trx: Db,
  audit: AuditContext,
  changes: readonly ChangeRecord[],
): Promise<void> {
  const at = nowIso();
  const rows: Insertable<AuditLogTable>[] = [];
  for (const entry of changes) {
    const fields = changedFields(entry.before, entry.after);
    if (entry.action === 'update' && Object.keys(fields).length === 0) continue;
    rows.push({
      id: newId(),
      at,
      madeAt: audit.madeAt,
      userId: audit.userId,
      userEmail: audit.userEmail,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      department: entry.department,
      changes: JSON.stringify(fields),
    });
  }
  for (let start = 0; start < rows.length; start += insertChunk) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(start, start + insertChunk))
      .execute();
  }
}
