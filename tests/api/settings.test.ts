import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  companySettingsSchema,
  defaultCompanySettings,
  settingsMessages,
  type CompanySettings,
} from '../../domain/settings.ts';
import { syncPageSchema } from '../../domain/sync-page.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * Company settings: one row served as a mirrored list (plain GET and ?updatedSince= pulls) to
 * every signed-in user, the defaults until an admin saves, saved by admins only with an audit
 * entry.
 */
describeEachDatabase('company settings', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let printingClerk: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(target);
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    printingClerk = await createUser(t, { role: 'employee', category: 'printing' });
  });
  afterAll(() => t.close());

  const list = async (user: TestUser, query = '', headers: Record<string, string> = {}) =>
    request(t, { method: 'GET', url: `/api/v1/settings${query}`, token: user, headers });
  const save = (user: TestUser, payload: unknown) =>
    request(t, { method: 'PUT', url: '/api/v1/settings', token: user, payload: payload as object });

  const saved = {
    name: 'Mwanga Traders Ltd',
    address: 'Plot 12, Kariakoo',
    phone: '+255 754 111 222',
    tin: '123-456-789',
    receiptFooter: 'Karibu tena!',
  };
  let firstCursor = '';
  let firstEtag = '';

  it('answers the defaults as a list of one row before anything is saved', async () => {
    const res = await list(printingClerk);
    expect(res.statusCode).toBe(200);
    const rows = res.json<unknown[]>().map((row) => companySettingsSchema.parse(row));
    expect(rows).toEqual([
      { _id: 'company', ...defaultCompanySettings, updatedAt: '1970-01-01T00:00:00.000Z' },
    ]);
  });

  it('hands the defaults to a first pull and nothing to the next', async () => {
    const res = await list(printingClerk, '?updatedSince=0&limit=100');
    expect(res.statusCode).toBe(200);
    const page = syncPageSchema.parse(res.json());
    expect(page.items).toHaveLength(1);
    expect(companySettingsSchema.parse(page.items[0]).name).toBe(defaultCompanySettings.name);
    expect(page.more).toBe(false);
    firstCursor = page.cursor;
    firstEtag = String(res.headers.etag);
    const next = await list(printingClerk, `?updatedSince=${encodeURIComponent(firstCursor)}`);
    expect(syncPageSchema.parse(next.json()).items).toEqual([]);
    const unchanged = await list(
      printingClerk,
      `?updatedSince=${encodeURIComponent(firstCursor)}`,
      { 'if-none-match': firstEtag },
    );
    expect(unchanged.statusCode).toBe(304);
  });

  it('saves for an admin, records who changed what, and every user reads the new row', async () => {
    const res = await save(admin, { ...saved, name: `  ${saved.name}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const row: CompanySettings = companySettingsSchema.parse(res.json());
    expect(row).toMatchObject(saved);
    expect(Date.parse(row.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const plain = await list(printingClerk);
    expect(plain.json()).toEqual([row]);
    // The tablets' next pull from the old cursor brings it, and the old ETag no longer matches.
    const pulled = await list(printingClerk, `?updatedSince=${encodeURIComponent(firstCursor)}`, {
      'if-none-match': firstEtag,
    });
    expect(pulled.statusCode).toBe(200);
    expect(syncPageSchema.parse(pulled.json()).items).toEqual([row]);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: admin.id, action: 'update', entityId: 'company' });
    expect(JSON.parse(audit[0]?.changes ?? '{}')).toMatchObject({
      name: { before: defaultCompanySettings.name, after: saved.name },
      tin: { before: defaultCompanySettings.tin, after: saved.tin },
    });
  });

  it('saves again over the saved row, optional fields may be emptied', async () => {
    const res = await save(admin, { name: 'Mwanga Traders', tin: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Mwanga Traders',
      address: '',
      phone: '',
      tin: '',
      receiptFooter: '',
    });
    expect(await t.db.selectFrom('settings').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a missing name and over-long fields with the domain messages', async () => {
    const cases: [unknown, string][] = [
      [{}, settingsMessages.nameRequired],
      [{ name: '   ' }, settingsMessages.nameRequired],
      [{ name: 'x'.repeat(201) }, settingsMessages.tooLong],
      [{ name: 'Ok', receiptFooter: 'x'.repeat(501) }, settingsMessages.tooLong],
      [{ name: 42 }, settingsMessages.nameRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await save(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('lets only admins save, and only signed-in users read', async () => {
    const refused = await save(printingClerk, saved);
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(401);
    expect((await list(printingClerk)).json<CompanySettings[]>()[0]?.name).toBe('Mwanga Traders');
  });
});
