import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reportDataSchema,
  reportLimits,
  reportMessages,
  type ReportData,
} from '../../domain/reports.ts';
import { defaultCompanySettings } from '../../domain/settings.ts';
import { newId } from '../../server/db/database.ts';
import { insertOrderAt, type SeededOrder } from './admin-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Department reports: the PDF read back with pdftotext (poppler-utils; .ci/run installs it) the
 * way a person reads the printout, and the JSON rows behind the CSV / XLSX export. Days are
 * whole days in Africa/Dar_es_Salaam (UTC+3): 22 November starts at 21 November 21:00 UTC.
 */
const workDir = mkdtempSync(join(tmpdir(), 'report-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function pdfText(bytes: Buffer): string {
  const file = join(workDir, `${newId()}.pdf`);
  writeFileSync(file, bytes);
  // One space between words is what a reader sees; pdftotext keeps the layout's spacing.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

describeEachDatabase('department reports', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;
  const inRange: SeededOrder[] = [];

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    // The range 2026-11-22 … 2026-11-23: from 2026-11-21T21:00Z to 2026-11-23T21:00Z.
    await insertOrderAt(t, 'hardware', '2026-11-21T20:59:59.999Z', {
      productName: 'Too early',
      price: 1,
    });
    inRange.push(
      await insertOrderAt(t, 'hardware', '2026-11-21T21:00:00.000Z', {
        productName: 'Hammer',
        quantity: 3,
        price: 12_500,
      }),
      await insertOrderAt(t, 'hardware', '2026-11-22T09:30:00.000Z', {
        productName: 'Saw',
        quantity: 1,
        price: 1_250_000,
      }),
      await insertOrderAt(t, 'hardware', '2026-11-23T20:59:59.999Z', {
        productName: 'Ndoo 😀 Şeker',
        quantity: 2,
        price: 700,
      }),
    );
    await insertOrderAt(t, 'hardware', '2026-11-23T21:00:00.000Z', {
      productName: 'Too late',
      price: 1,
    });
    await insertOrderAt(t, 'hardware', '2026-11-22T10:00:00.000Z', {
      productName: 'Deleted order',
      deletedAt: '2026-11-22T11:00:00.000Z',
    });
    await insertOrderAt(t, 'godown', '2026-11-22T10:00:00.000Z', { productName: 'Godown sack' });
    await insertOrderAt(t, 'printing', '2026-11-22T10:00:00.000Z', {
      productName: 'Wedding cards',
      quantity: 200,
      price: 150,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser = admin) =>
    request(t, { method: 'GET', url: `/api/v1${url}`, token: user });

  const rowsOf = async (department: string, startDate: string, endDate: string) => {
    const res = await get(`/${department}/reports/rows?startDate=${startDate}&endDate=${endDate}`);
    expect(res.statusCode, res.body).toBe(200);
    return reportDataSchema.parse(res.json());
  };

  describe('rows (JSON)', () => {
    it('lists the live orders of whole local days, both included, oldest first', async () => {
      const data: ReportData = await rowsOf('hardware', '2026-11-22', '2026-11-23');
      expect(data.rows.map((row) => row.orderId)).toEqual(inRange.map((order) => order.orderId));
      expect(data.rows[0]).toEqual({
        createdAt: '2026-11-21T21:00:00.000Z',
        orderId: inRange[0]?.orderId,
        productName: 'Hammer',
        quantity: 3,
        unitPrice: 12_500,
        total: 37_500,
      });
      expect(data.summary).toEqual({ orders: 3, units: 6, revenue: 37_500 + 1_250_000 + 1_400 });
      expect(data).toMatchObject({
        department: 'hardware',
        startDate: '2026-11-22',
        endDate: '2026-11-23',
      });
    });

    it('takes printing’s jobs: receipt number, description and totalPrice', async () => {
      const data = await rowsOf('printing', '2026-11-22', '2026-11-22');
      expect(data.rows).toHaveLength(1);
      expect(data.rows[0]).toMatchObject({
        productName: 'Wedding cards',
        quantity: 200,
        unitPrice: 150,
        total: 30_000,
      });
      expect(data.rows[0]?.orderId).toMatch(/^PR-\d{6}$/);
    });

    it('answers an empty list and zero summary for a period without orders', async () => {
      const data = await rowsOf('fresh-oil', '2026-11-01', '2026-11-30');
      expect(data.rows).toEqual([]);
      expect(data.summary).toEqual({ orders: 0, units: 0, revenue: 0 });
    });
  });

  describe('PDF', () => {
    it('streams a PDF named after the department with the company, period, rows and summary', async () => {
      const saved = await request(t, {
        method: 'PUT',
        url: '/api/v1/settings',
        token: admin,
        payload: {
          name: 'Mwanga Traders Ltd',
          address: 'Plot 12, Kariakoo, Dar es Salaam',
          phone: '+255 754 111 222',
          tin: '123-456-789',
          receiptFooter: 'Asante!',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await get('/hardware/reports?startDate=2026-11-22&endDate=2026-11-23');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="hardware_report.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      for (const expected of [
        'Mwanga Traders Ltd',
        'Plot 12, Kariakoo, Dar es Salaam',
        'Phone: +255 754 111 222',
        'TIN: 123-456-789',
        'Department: Hardware',
        'Period: 2026-11-22 to 2026-11-23',
        'Date Order ID Product Qty Unit price Total',
        // Dates in the business time zone: 21:00 UTC is 00:00 the next day.
        `2026-11-22 00:00 ${inRange[0]?.orderId} Hammer 3 Tsh 12,500 Tsh 37,500`,
        `2026-11-22 12:30 ${inRange[1]?.orderId} Saw 1 Tsh 1,250,000 Tsh 1,250,000`,
        // Characters the built-in font cannot draw become '?' or lose their accent.
        `2026-11-23 23:59 ${inRange[2]?.orderId} Ndoo ? Seker 2 Tsh 700 Tsh 1,400`,
        'Summary',
        'Orders: 3',
        'Units: 6',
        'Revenue: Tsh 1,288,900',
        'Page 1',
      ]) {
        expect(text).toContain(expected);
      }
      for (const absent of ['Too early', 'Too late', 'Deleted order', 'Godown sack']) {
        expect(text).not.toContain(absent);
      }
      expect(text).not.toContain(reportMessages.empty);
    });

    it('says so in the PDF when the period has no orders', async () => {
      const res = await get('/stationery/reports?startDate=2026-01-01&endDate=2026-01-31');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="stationery_report.pdf"',
      );
      const text = pdfText(res.rawPayload);
      expect(text).toContain(reportMessages.empty);
      expect(text).toContain('Department: Stationery');
      expect(text).toContain('Orders: 0');
      expect(text).toContain('Revenue: Tsh 0');
      expect(text).not.toContain('Order ID');
    });

    it('numbers the pages of a long report and keeps every row', async () => {
      const orders: SeededOrder[] = [];
      for (let index = 0; index < 130; index += 1) {
        const minute = String(index % 60).padStart(2, '0');
        const hour = String(6 + Math.floor(index / 60)).padStart(2, '0');
        orders.push(
          await insertOrderAt(t, 'animal-feeding', `2026-05-10T${hour}:${minute}:00.000Z`, {
            productName: `Feed ${index}`,
            price: 1_000,
          }),
        );
      }
      const res = await get('/animal-feeding/reports?startDate=2026-05-10&endDate=2026-05-10');
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const order of orders) expect(text).toContain(order.orderId);
      expect(text).toContain('Department: Animal Feeding');
      expect(text).toContain('Page 1');
      expect(text).toContain('Page 2');
      expect(text).toContain('Page 3');
      expect(text).toContain('Orders: 130');
      expect(text).toContain('Revenue: Tsh 130,000');
      // pdftotext separates pages with a form feed: the table header repeats on each page.
      const pages = text.split('\f').filter((page) => page.trim() !== '');
      expect(pages.length).toBeGreaterThanOrEqual(3);
      for (const page of pages) expect(page).toContain('Date Order ID Product');
    });

    it('prints the default company details until the settings are saved', async () => {
      const fresh = await buildTestApp(target);
      try {
        const freshAdmin = await createUser(fresh, { role: 'admin' });
        const res = await request(fresh, {
          method: 'GET',
          url: '/api/v1/godown/reports?startDate=2026-11-01&endDate=2026-11-01',
          token: freshAdmin,
        });
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload);
        expect(text).toContain(defaultCompanySettings.name);
        expect(text).toContain(`TIN: ${defaultCompanySettings.tin}`);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('bad input and access', () => {
    const cases: [string, string][] = [
      ['', reportMessages.selectAll],
      ['?startDate=2026-11-01', reportMessages.selectAll],
      ['?startDate=&endDate=2026-11-01', reportMessages.selectAll],
      ['?startDate=01/11/2026&endDate=2026-11-30', reportMessages.badDate],
      ['?startDate=2026-02-30&endDate=2026-03-01', reportMessages.badDate],
      ['?startDate=0001-01-01&endDate=2026-03-01', reportMessages.badDate],
      ['?startDate=2026-11-30&endDate=2026-11-01', reportMessages.startAfterEnd],
    ];

    it('refuses missing, malformed, impossible and reversed dates with 400 on both routes', async () => {
      for (const route of ['reports', 'reports/rows']) {
        for (const [query, message] of cases) {
          const res = await get(`/hardware/${route}${query}`);
          expect(res.statusCode, `${route}${query}`).toBe(400);
          expect(res.json<{ message: string }>().message, `${route}${query}`).toBe(message);
        }
      }
    });

    it('is for admins only', async () => {
      for (const route of ['reports', 'reports/rows']) {
        const url = `/hardware/${route}?startDate=2026-11-01&endDate=2026-11-30`;
        expect((await get(url, clerk)).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
      }
    });
  });

  describe('the rows cap', () => {
    it(`refuses JSON rows beyond ${reportLimits.maxRows.toLocaleString('en')} with 413 and says why`, async () => {
      const rows = Array.from({ length: reportLimits.maxRows + 1 }, (_, index) => ({
        id: newId(),
        department: 'stationery',
        orderNumber: index + 1,
        orderId: `ORD-CAP-${index}`,
        productId: 'p',
        productName: 'Pen',
        quantity: 1,
        price: 1,
        total: 1,
        status: 'pending',
        userId: 'u',
        deletedAt: null,
        createdAt: '2025-06-01T08:00:00.000Z',
        updatedAt: '2025-06-01T08:00:00.000Z',
      }));
      for (let start = 0; start < rows.length; start += 2_000) {
        await t.db
          .insertInto('orders')
          .values(rows.slice(start, start + 2_000))
          .execute();
      }
      const res = await get('/stationery/reports/rows?startDate=2025-06-01&endDate=2025-06-01');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: reportMessages.tooManyRows });
    }, 90_000);
  });
});
