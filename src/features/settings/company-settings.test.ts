import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../domain/company.ts';
import type { CompanySettings } from '../../../domain/settings.ts';
import type { AppDatabase } from '../../db/database.ts';
import { pullScope } from '../../sync/pull.ts';
import { mirrorList, registerOfflineEntities } from '../../sync/registry.ts';
import { baseUrl, dropDb, fakeFetch, json, signedInDb } from '../../../tests/support/sync.ts';
import { readReceiptCompany } from '../../components/receipt/receipt-company.ts';
import { storeCompanySettings } from './company-settings.ts';
import { settingsOfflineEntities } from './data/offline-entities.ts';

registerOfflineEntities([settingsOfflineEntities]);

let db: AppDatabase;
beforeEach(async () => (db = await signedInDb()));
afterEach(() => dropDb(db));

const saved: CompanySettings = {
  _id: 'company',
  name: 'Neema Traders Ltd',
  address: 'Plot 12, Kariakoo, Dar es Salaam',
  phone: '+255 754 111 222',
  tin: '123-456-789',
  receiptFooter: 'Karibu tena!',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('company settings for receipts', () => {
  it('are the defaults before anything was pulled', async () => {
    expect(await readReceiptCompany(db)).toEqual({ ...defaultCompanyDetails, receiptFooter: '' });
  });

  it('is a global mirrored list: a pull stores the server’s row and receipts print it', async () => {
    const list = mirrorList('settings');
    expect(list?.scope).toBe('global');
    if (!list) return;
    const server = fakeFetch((request) =>
      request.path === 'settings' ? json(200, [saved]) : json(404, { message: 'Not found' }),
    );
    const result = await pullScope('all', [list], { db, fetch: server.fetch, baseUrl });
    expect(result.status).toBe('ok');
    expect(server.requests.map((request) => request.path)).toEqual(['settings']);

    expect(await readReceiptCompany(db)).toEqual({
      name: 'Neema Traders Ltd',
      address: 'Plot 12, Kariakoo, Dar es Salaam',
      phone: '+255 754 111 222',
      tin: '123-456-789',
      receiptFooter: 'Karibu tena!',
    });
  });

  it('skips a malformed row instead of storing it', async () => {
    const list = mirrorList('settings');
    if (!list) throw new Error('settings list not registered');
    const server = fakeFetch(() => json(200, [{ _id: 'company', name: 42 }]));
    await pullScope('all', [list], { db, fetch: server.fetch, baseUrl });
    expect(await db.settings.count()).toBe(0);
  });

  it('falls back field by field where the saved settings are blank', async () => {
    await storeCompanySettings({ ...saved, address: '', phone: '  ', receiptFooter: '' }, db);
    expect(await readReceiptCompany(db)).toEqual({
      name: 'Neema Traders Ltd',
      address: defaultCompanyDetails.address,
      phone: defaultCompanyDetails.phone,
      tin: '123-456-789',
      receiptFooter: '',
    });
  });
});
