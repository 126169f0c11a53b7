import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../../domain/company.ts';
import type { AppDatabase, PrintingOrderRecord } from '../../../db/database.ts';
import { translate } from '../../../i18n/translate.ts';
import { dropDb, signedInDb } from '../../../../tests/support/sync.ts';
import { readReceiptCompany } from '../../../components/receipt/receipt-company.ts';
import { storeCompanySettings } from '../../settings/company-settings.ts';
import { receiptContent } from './receipt-content.ts';

/** The receipt's header and footer come from the mirrored company settings, else the defaults. */
let db: AppDatabase;
beforeEach(async () => (db = await signedInDb()));
afterEach(() => dropDb(db));

const job: PrintingOrderRecord = {
  _id: '3f2a9c1b-7d4e-4a60-9b1c-2d3e4f5a6b7c',
  department: 'printing',
  receiptNumber: 'PR-000007',
  description: 'Business cards',
  price: 100,
  quantity: 50,
  totalPrice: 5000,
  contact: '+255712345678',
  category: 'cards',
  userId: 'user-neema',
  version: 1,
  createdAt: '2026-02-01T10:05:00.000Z',
  updatedAt: '2026-02-01T10:05:00.000Z',
};

async function receipt() {
  const { receiptFooter, ...company } = await readReceiptCompany(db);
  return receiptContent(job, {
    t: (key, values) => translate('en', key, values),
    language: 'en',
    company,
    footer: receiptFooter,
  });
}

describe('receipt company details', () => {
  it('prints the defaults and its own thanks before any settings reached the device', async () => {
    const content = await receipt();
    expect(content.company.name).toBe(defaultCompanyDetails.name);
    expect(content.company.lines).toContain(`TIN: ${defaultCompanyDetails.tin}`);
    expect(content.thanks).toBe(translate('en', 'printing.receipt.thanks'));
  });

  it('prints the saved company details and footer from the settings mirror', async () => {
    await storeCompanySettings(
      {
        _id: 'company',
        name: 'Neema Traders Ltd',
        address: 'Plot 12, Kariakoo, Dar es Salaam',
        phone: '+255 754 111 222',
        tin: '123-456-789',
        receiptFooter: 'Karibu tena!',
        updatedAt: '2026-11-23T10:00:00.000Z',
      },
      db,
    );
    const content = await receipt();
    expect(content.company.name).toBe('Neema Traders Ltd');
    expect(content.company.lines).toEqual([
      'Plot 12, Kariakoo, Dar es Salaam',
      'Phone: +255 754 111 222',
      'TIN: 123-456-789',
      translate('en', 'printing.receipt.department'),
    ]);
    expect(content.thanks).toBe('Karibu tena!');
  });
});
