import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goodsReceivedMessages } from '../../../../domain/goods-received.ts';
import { supplierMessages } from '../../../../domain/suppliers.ts';
import type { AppDatabase } from '../../../db/database.ts';
import { dropDb, product, rollBack, signedInDb } from '../../../../tests/support/sync.ts';
import { offlineEntities } from '../../../app/offline-entities.ts';
import { registerOfflineEntities } from '../../../sync/registry.ts';
import { addSupplier, editSupplier } from './add-supplier.ts';
import { bookDelivery } from './book-delivery.ts';

// Declares every offline entity, as the app does before it queues or syncs.
registerOfflineEntities(offlineEntities);

let db: AppDatabase;
const now = () => Date.UTC(2026, 10, 28, 9);
const deps = () => ({ db, now });
const maize = product({
  _id: 'p-maize',
  department: 'godown',
  name: 'Maize bags',
  quantity: 10,
  location: 'Deck A',
});

beforeEach(async () => (db = await signedInDb(maize)));
afterEach(() => dropDb(db));

async function supplier(name = 'Azam Mills'): Promise<string> {
  return (await addSupplier('godown', { name, phone: '0712 000 000' }, deps())).id;
}

const newRice = {
  newProduct: {
    _id: '0b5e4e1c-5c1a-4f7e-9d55-0f3f7f6a1b01',
    name: 'Rice 25 kg',
    description: 'Arrived with a delivery',
    price: 45_000,
    quantity: 40,
    location: 'Store 2',
  },
};

describe('bookDelivery', () => {
  it('raises stock, adds the new product and the pending delivery, and queues ONE entry after its supplier', async () => {
    const supplierId = await supplier();
    const { id, entryId } = await bookDelivery(
      'godown',
      {
        supplierId,
        noteNumber: 'DN-1001',
        receivedOn: '2026-11-28',
        lines: [{ productId: 'p-maize', quantity: 25 }, newRice],
      },
      deps(),
    );
    expect((await db.products.get('p-maize'))?.quantity).toBe(35);
    expect(await db.products.get(newRice.newProduct._id)).toMatchObject({
      department: 'godown',
      quantity: 40,
      location: 'Store 2',
    });
    expect(await db.deliveries.get(id)).toMatchObject({
      grnNumber: null,
      supplierName: 'Azam Mills',
      lineCount: 2,
      totalQuantity: 65,
      pendingOutboxId: entryId,
    });
    const entry = await db.outbox.get(entryId);
    expect(entry).toMatchObject({ kind: 'delivery.create', path: 'godown/deliveries' });
    expect(entry?.body).toMatchObject({
      _id: id,
      supplierId,
      lines: [{ productId: 'p-maize', quantity: 25, location: 'Deck A' }, newRice],
    });
    // The supplier was added offline: the delivery is sent after it.
    const supplierEntry = (await db.outbox.toArray()).find(
      (each) => each.kind === 'supplier.create',
    );
    expect(entry?.dependsOn).toContain(supplierEntry?.id);

    // A refusal undoes all of it.
    await rollBack(db, entryId);
    expect((await db.products.get('p-maize'))?.quantity).toBe(10);
    expect(await db.products.get(newRice.newProduct._id)).toBeUndefined();
    expect(await db.deliveries.get(id)).toBeUndefined();
  });

  it('refuses what the tablet can see is wrong, writing nothing', async () => {
    const supplierId = await supplier();
    const base = { supplierId, noteNumber: 'DN-7', receivedOn: '2026-11-28' };
    await bookDelivery(
      'godown',
      { ...base, lines: [{ productId: 'p-maize', quantity: 1 }] },
      deps(),
    );
    const entries = await db.outbox.count();
    const refused = async (input: Parameters<typeof bookDelivery>[1], message: string) => {
      await expect(bookDelivery('godown', input, deps())).rejects.toThrow(message);
    };
    // The same note of the same supplier, whatever its case and spaces.
    await refused(
      { ...base, noteNumber: ' dn-7 ', lines: [{ productId: 'p-maize', quantity: 1 }] },
      goodsReceivedMessages.duplicateDelivery,
    );
    await refused(
      { ...base, supplierId: 'nobody', lines: [{ productId: 'p-maize', quantity: 1 }] },
      goodsReceivedMessages.supplierNotFound,
    );
    // A "new" product already kept at that place: add the goods to it instead.
    await refused(
      {
        ...base,
        noteNumber: 'DN-8',
        lines: [{ newProduct: { ...newRice.newProduct, name: 'maize BAGS', location: 'deck a' } }],
      },
      goodsReceivedMessages.lineAlreadyAtLocation,
    );
    await refused({ ...base, noteNumber: 'DN-9', lines: [] }, goodsReceivedMessages.linesRequired);
    await refused(
      { ...base, noteNumber: 'DN-9', lines: [{ productId: 'p-maize', quantity: 0 }] },
      goodsReceivedMessages.quantityMin,
    );
    await refused(
      {
        ...base,
        noteNumber: 'DN-9',
        receivedOn: '2026-12-25',
        lines: [{ productId: 'p-maize', quantity: 1 }],
      },
      goodsReceivedMessages.dateInFuture,
    );
    expect(await db.outbox.count()).toBe(entries);
    expect((await db.products.get('p-maize'))?.quantity).toBe(11);
    expect(await db.deliveries.count()).toBe(1);
  });
});

describe('suppliers', () => {
  it('adds one supplier per name, ignoring case, and edits it offline', async () => {
    const id = await supplier('Azam Mills');
    await expect(addSupplier('godown', { name: ' AZAM mills' }, deps())).rejects.toThrow(
      supplierMessages.duplicateName,
    );
    const other = await supplier('Bakhresa');
    await expect(editSupplier('godown', other, { name: 'azam mills' }, deps())).rejects.toThrow(
      supplierMessages.duplicateName,
    );
    const { entryId } = await editSupplier(
      'godown',
      other,
      { name: 'Bakhresa Group', phone: '', notes: 'Mondays' },
      deps(),
    );
    expect(await db.suppliers.get(other)).toMatchObject({
      name: 'Bakhresa Group',
      phone: null,
      notes: 'Mondays',
      pendingOutboxId: entryId,
    });
    const edit = await db.outbox.get(entryId);
    expect(edit).toMatchObject({ kind: 'supplier.update', path: `godown/suppliers/${other}` });
    expect(edit?.body).toEqual({ name: 'Bakhresa Group', notes: 'Mondays' });
    expect(await db.suppliers.get(id)).toMatchObject({ name: 'Azam Mills' });
  });
});
