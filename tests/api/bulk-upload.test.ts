import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploadMessages as m } from '../../domain/bulk-upload-messages.ts';
import type { BulkUploadError, BulkUploadResult } from '../../domain/bulk-upload.ts';
import { inventoryMessages } from '../../domain/inventory-fields.ts';
import { buildXlsx, buildXlsxBomb } from '../fixtures/xlsx-fixture.ts';
import { multipart } from './catalog-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

const url = '/api/v1/godown/products/bulk-upload';

describeEachDatabase('godown bulk upload', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'godown' });
    clerk = await createUser(t, { role: 'employee', category: 'godown' });
  });
  afterAll(() => t.close());

  async function upload(
    name: string,
    content: string | Uint8Array,
    options: { token?: TestUser; field?: string } = {},
  ) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const { payload, headers } = await multipart(
      {},
      { name, field: options.field ?? 'file', bytes, type: 'application/octet-stream' },
    );
    return request(t, { method: 'POST', url, token: options.token ?? admin, headers, payload });
  }

  async function godownProducts() {
    const rows = await t.db
      .selectFrom('products')
      .selectAll()
      .where('department', '=', 'godown')
      .where('deletedAt', 'is', null)
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      name: row.name,
      price: Number(row.price),
      quantity: Number(row.quantity),
      location: row.location,
      description: row.description,
      condition: row.condition,
      version: Number(row.version),
    }));
  }

  async function clearGodown() {
    await t.db.deleteFrom('products').where('department', '=', 'godown').execute();
  }

  describe('reading the file', () => {
    it('creates the products of a CSV with an English header, condition from the quantity', async () => {
      await clearGodown();
      const res = await upload(
        'stock.csv',
        'Name,Price,Quantity,Location,Description\r\nCement,12000,50,Deck A,Bags of 50 kg\r\nNails,500,4,Store B,Box of 100\r\n',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<BulkUploadResult>()).toEqual({ message: m.success, created: 2, updated: 0 });
      expect(await godownProducts()).toMatchObject([
        { name: 'Cement', price: 12_000, quantity: 50, location: 'Deck A', condition: 'new' },
        { name: 'Nails', price: 500, quantity: 4, location: 'Store B', condition: 'low stock' },
      ]);
    });

    it('reads a file without a header as name, price, quantity, location, description', async () => {
      await clearGodown();
      const res = await upload(
        'stock.csv',
        'Rice,3000,20,Deck A,Sacks\nSugar,2800,15,Deck B,Bags\n',
      );
      expect(res.json<BulkUploadResult>()).toMatchObject({ created: 2, updated: 0 });
      expect(await godownProducts()).toMatchObject([
        { name: 'Rice', price: 3000, quantity: 20, location: 'Deck A', description: 'Sacks' },
        { name: 'Sugar', price: 2800, quantity: 15, location: 'Deck B', description: 'Bags' },
      ]);
    });

    it('reads a Swahili header in another order, in an .xlsx with number cells', async () => {
      await clearGodown();
      const xlsx = buildXlsx([
        ['MAHALI', 'Jina', ' idadi ', 'Maelezo', 'Bei'],
        ['Deck C', 'Mafuta', 30, 'Madumu ya lita 20', 45_000],
      ]);
      const res = await upload('bidhaa.XLSX', xlsx);
      expect(res.statusCode, res.body).toBe(200);
      expect(await godownProducts()).toMatchObject([
        {
          name: 'Mafuta',
          price: 45_000,
          quantity: 30,
          location: 'Deck C',
          description: 'Madumu ya lita 20',
        },
      ]);
    });

    it('stores cells starting with = + - @ as the text typed, never evaluated', async () => {
      await clearGodown();
      const csv =
        'name,price,quantity,location,description\n' +
        '"=HYPERLINK(""http://x.test"",""go"")",100,12,@Deck,+1 -2 =3\n';
      expect((await upload('f.csv', csv)).statusCode).toBe(200);
      const xlsx = buildXlsx([['=1+1', 200, 12, '-Deck', '@SUM(A1:A2)']]);
      expect((await upload('f.xlsx', xlsx)).statusCode).toBe(200);
      expect(await godownProducts()).toMatchObject([
        { name: '=1+1', location: '-Deck', description: '@SUM(A1:A2)' },
        { name: '=HYPERLINK("http://x.test","go")', location: '@Deck', description: '+1 -2 =3' },
      ]);
    });
  });

  describe('all or nothing', () => {
    it('answers every bad row with its errors (rows counted from 1, header included) and writes nothing', async () => {
      await clearGodown();
      const res = await upload(
        'stock.csv',
        'name,price,quantity,location,description\n' +
          'Cement,12000,50,Deck A,Bags\n' +
          ',0,abc,Deck A,\n' +
          'Sand,0x10,-3,Deck A,Tonnes\n' +
          'cement,100,5,deck a,Again\n',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<BulkUploadError>()).toEqual({
        message: m.rowsInvalid,
        errors: [
          { row: 2, errors: [m.duplicateRow] },
          { row: 3, errors: [m.allFieldsRequired, m.price, m.quantity] },
          { row: 4, errors: [m.price, m.quantity] },
          { row: 5, errors: [m.duplicateRow] },
        ],
      });
      expect(await godownProducts()).toEqual([]);
    });

    it('updates on re-upload the product of the same name and location, whatever the case, and counts it', async () => {
      await clearGodown();
      await upload('a.csv', 'Cement,12000,50,Deck A,Bags\nNails,500,40,Store B,Box\n');
      const before = await godownProducts();
      // The sum of the list's counters (one per shard on PostgreSQL, migration 0018).
      const listVersion = async () =>
        (
          await t.db
            .selectFrom('list_versions')
            .select('version')
            .where('department', '=', 'godown')
            .where('list', '=', 'products')
            .execute()
        ).reduce((sum, row) => sum + Number(row.version), 0);
      const versionBefore = await listVersion();
      const res = await upload(
        'b.csv',
        'CEMENT,13000,8,deck a,Bags of 50 kg\nNails,500,40,Store C,Box\n',
      );
      expect(res.json<BulkUploadResult>()).toEqual({ message: m.success, created: 1, updated: 1 });
      const after = await godownProducts();
      expect(after).toHaveLength(3);
      const cement = after.find((product) => product.name === 'CEMENT');
      // Replaced, not added: the sheet says how many there are now.
      expect(cement).toMatchObject({
        price: 13_000,
        quantity: 8,
        description: 'Bags of 50 kg',
        condition: 'low stock',
        version: (before.find((product) => product.name === 'Cement')?.version ?? 0) + 1,
      });
      // Tablets pull the change: the godown list's version moved.
      expect(await listVersion()).toBeGreaterThan(versionBefore);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'changes', 'userId'])
        .where('entity', '=', 'product')
        .where('action', '=', 'update')
        .orderBy('at', 'desc')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.userId).toBe(admin.id);
      expect(JSON.parse(audit[0]?.changes ?? '{}')).toMatchObject({
        quantity: { before: 50, after: 8 },
        price: { before: 12_000, after: 13_000 },
        name: { before: 'Cement', after: 'CEMENT' },
      });
    });
  });

  describe('barcodes (issue 15)', () => {
    async function barcodes() {
      const rows = await t.db
        .selectFrom('products')
        .select(['name', 'barcode'])
        .where('department', '=', 'godown')
        .where('deletedAt', 'is', null)
        .orderBy('name')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.name, row.barcode]));
    }

    it('sets barcodes from a msimbo column, keeps one on a blank cell, and a scan finds it', async () => {
      await clearGodown();
      const first = await upload(
        'a.csv',
        'jina,bei,idadi,mahali,maelezo,msimbo\nCement,12000,50,Deck A,Bags,4006381333931\nNails,500,40,Store B,Box,\n',
      );
      expect(first.statusCode).toBe(200);
      expect(await barcodes()).toEqual({ Cement: '4006381333931', Nails: null });

      // Re-uploaded without barcodes: the stock is replaced, the barcode kept.
      await upload('b.csv', 'Cement,13000,8,Deck A,Bags\nNails,500,40,Store B,Box,NL-1\n');
      expect(await barcodes()).toEqual({ Cement: '4006381333931', Nails: 'NL-1' });

      const found = await request(t, {
        method: 'GET',
        url: '/api/v1/godown/products/by-barcode/NL-1',
        token: clerk,
      });
      expect(found.statusCode).toBe(200);
      expect(found.json<{ name: string }>().name).toBe('Nails');
    });

    it('refuses a barcode another godown product has, naming the row, and writes nothing', async () => {
      await clearGodown();
      await upload('a.csv', 'Cement,12000,50,Deck A,Bags,B-1\n');
      const res = await upload(
        'b.csv',
        'name,price,quantity,location,description,barcode\nCement,12000,50,Deck A,Bags,B-1\nSand,900,10,Deck A,Tonnes,B-1\nTiles,900,10,Deck A,Boxes,B-2\n',
      );
      // Row 2 keeps its own barcode; row 3 would take Cement's. Row 3 also repeats row 2's.
      expect(res.statusCode).toBe(400);
      expect(res.json<BulkUploadError>()).toEqual({
        message: m.rowsInvalid,
        errors: [
          { row: 2, errors: [m.duplicateBarcode] },
          { row: 3, errors: [m.duplicateBarcode] },
        ],
      });
      const other = await upload('c.csv', 'Sand,900,10,Deck A,Tonnes,B-1\n');
      expect(other.statusCode).toBe(400);
      expect(other.json<BulkUploadError>()).toEqual({
        message: m.rowsInvalid,
        errors: [{ row: 1, errors: [inventoryMessages.barcodeTaken] }],
      });
      expect(await barcodes()).toEqual({ Cement: 'B-1' });
    });
  });

  describe('refusals', () => {
    it('refuses a file over 5 MB with 413', async () => {
      const res = await upload('big.csv', new Uint8Array(6 * 1024 * 1024).fill(0x41));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: m.fileTooLarge });
    });

    it('refuses another extension with the spec message', async () => {
      const res = await upload('stock.xls', 'Cement,1,1,A,B\n');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.invalidFormat });
    });

    it('refuses an .xlsx that is not a spreadsheet with the parse failure message', async () => {
      const res = await upload('stock.xlsx', 'Cement,1,1,A,B\n');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.parseFailed });
    });

    it('refuses a zip bomb from its directory, before inflating it, with bounded memory', async () => {
      const bomb = buildXlsxBomb(400);
      expect(bomb.byteLength).toBeLessThan(1024 * 1024);
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const res = await upload('bomb.xlsx', bomb);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      // The inspection's message, not the 10 s timeout's: nothing was inflated.
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: m.zipBomb });
      expect(peak - baseline).toBeLessThan(200 * 1024 * 1024);
    });

    it('refuses a header that misses a column', async () => {
      const res = await upload('stock.csv', 'name,price,quantity,location\nCement,1,1,A\n');
      expect(res.json()).toEqual({ message: m.headerIncomplete });
    });

    it('refuses a malformed multipart body, a request without a file and a JSON body with 400', async () => {
      const broken = await request(t, {
        method: 'POST',
        url,
        token: admin,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toHaveProperty('message');
      const otherField = await upload('a.csv', 'Cement,1,1,A,B\n', { field: 'image' });
      expect(otherField.statusCode).toBe(400);
      expect(otherField.json()).toEqual({ message: m.fileRequired });
      const json = await request(t, { method: 'POST', url, token: admin, payload: {} });
      expect(json.statusCode).toBe(400);
    });

    it('is for admins only', async () => {
      const res = await upload('a.csv', 'Cement,1,1,A,B\n', { token: clerk });
      expect(res.statusCode).toBe(403);
    });
  });
});
