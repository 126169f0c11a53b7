import { defaultCompanyDetails, type CompanyDetails } from '../../../domain/company.ts';
import { companySettingsId, type CompanySettings } from '../../../domain/settings.ts';
import { db as defaultDb, type AppDatabase } from '../../db/database.ts';

/**
 * The company details for receipts, from the settings mirror (features/settings/data/
 * offline-entities.ts): what the admin saved, as last pulled by this device, or the defaults of
 * domain/company.ts before any pull (a fresh tablet) or when the mirror cannot be read. It reads
 * the shared Dexie table only, so it lives beside the receipts every feature prints; the settings
 * feature writes the row (its company-settings.ts).
 */
export interface ReceiptCompany extends CompanyDetails {
  /** The admin's receipt footer; empty when none is set (the receipt then says its own thanks). */
  receiptFooter: string;
}

/** A blank field falls back to the default, so a receipt never prints an empty header line. */
function orDefault(value: string, fallback: string): string {
  return value.trim() === '' ? fallback : value;
}

export function receiptCompanyOf(settings: CompanySettings | undefined): ReceiptCompany {
  if (!settings) return { ...defaultCompanyDetails, receiptFooter: '' };
  return {
    name: orDefault(settings.name, defaultCompanyDetails.name),
    address: orDefault(settings.address, defaultCompanyDetails.address),
    phone: orDefault(settings.phone, defaultCompanyDetails.phone),
    tin: orDefault(settings.tin, defaultCompanyDetails.tin),
    receiptFooter: settings.receiptFooter.trim(),
  };
}

export async function readReceiptCompany(db: AppDatabase = defaultDb): Promise<ReceiptCompany> {
  try {
    return receiptCompanyOf(await db.settings.get(companySettingsId));
  } catch {
    // IndexedDB unavailable or blocked: a receipt with the defaults beats no receipt.
    return receiptCompanyOf(undefined);
  }
}
