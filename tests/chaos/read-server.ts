import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteFileName } from '../../server/db/database.ts';
import type { AuditRow, ServerState } from './history.ts';

/**
 * What the server holds, read straight from its SQLite file in DATA_DIR (read-only; WAL lets
 * this run beside the server). The audit trail comes in insertion order (rowid): SQLite runs
 * one write transaction at a time, so that is the order the changes were committed in.
 */
export function readServerState(dataDir: string): ServerState {
  const sqlite = new Database(path.join(dataDir, sqliteFileName), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const all = <T>(sql: string) => sqlite.prepare(sql).all() as T[];
    const audit = all<Omit<AuditRow, 'changes'> & { changes: string }>(
      'select rowid as seq, action, entity, entityId, userId, madeAt, changes from audit_log order by rowid',
    ).map((row) => ({ ...row, changes: JSON.parse(row.changes) as AuditRow['changes'] }));
    return {
      orders: all('select id, department, productId, quantity, userId, deletedAt from orders'),
      printJobs: all(
        'select id, userId, quantity, price, receiptNumber, version, deletedAt from printing_orders',
      ),
      counts: all(
        'select id, location, status, submittedAt, closedAt, startedBy from stock_counts',
      ),
      countLines: all('select countId, productId, counted, adjustment from stock_count_lines'),
      products: all(
        'select id, department, name, price, quantity, version, deletedAt from products',
      ),
      keys: all('select key, userId, state, statusCode from idempotency_keys'),
      audit,
      movements: all(
        'select id, productId, destinationProductId, transferQuantity, reason from movement_logs',
      ),
    };
  } finally {
    sqlite.close();
  }
}
