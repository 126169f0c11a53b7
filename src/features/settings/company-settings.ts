import type { CompanySettings } from '../../../domain/settings.ts';
import { db as defaultDb, type AppDatabase } from '../../db/database.ts';

/**
 * The public surface of this feature: the admin settings page keeps what the server answered
 * through `storeCompanySettings`; every receipt reads it back with `readReceiptCompany`
 * (src/components/receipt/receipt-company.ts).
 */

/** Keeps the settings the server just answered, so this device's receipts use them at once. */
export async function storeCompanySettings(
  settings: CompanySettings,
  db: AppDatabase = defaultDb,
): Promise<void> {
  await db.settings.put(settings);
}
