import { afterAll, beforeAll, expect, it } from 'vitest';
import { departmentIds } from '../../domain/departments.ts';
import { revenueSchema, type Revenue } from '../../domain/revenue.ts';
import { insertOrderAt } from './admin-fixtures.ts';
import {
  buildTestApp,
  createUser,
  describeEachDatabase,
  request,
  type TestApp,
  type TestUser,
} from './harness.ts';

/**
 * GET /{dept}/revenue?period=day|week|month with the app's clock fixed around the boundaries of
 * Africa/Dar_es_Salaam (UTC+3): local midnight is 21:00 UTC the day before, the week starts on
 * Sunday 00:00, the month on the 1st 00:00. Each hardware order's total is a distinct power of
 * ten, so a sum names exactly the orders it counted.
 */
describeEachDatabase('revenue per department and period', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let clerk: TestUser;
  let now = new Date('2026-11-25T09:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp(target, { clock: () => now });
    admin = await createUser(t, { role: 'admin', category: 'hardware' });
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
    const hardware = (createdAt: string, price: number, deletedAt: string | null = null) =>
      insertOrderAt(t, 'hardware', createdAt, { price, deletedAt });
    await hardware('2026-10-31T20:59:59.999Z', 1); // Sat 31 Oct 23:59:59.999 local
    await hardware('2026-10-31T21:00:00.000Z', 10); // Sun 1 Nov 00:00 local
    await hardware('2026-11-21T20:59:59.999Z', 100); // Sat 21 Nov 23:59:59.999
    await hardware('2026-11-21T21:00:00.000Z', 1_000); // Sun 22 Nov 00:00
    await hardware('2026-11-24T20:59:59.999Z', 10_000); // Tue 24 Nov 23:59:59.999
    await hardware('2026-11-24T21:00:00.000Z', 100_000); // Wed 25 Nov 00:00
    await hardware('2026-11-30T20:59:59.999Z', 1_000_000); // Mon 30 Nov 23:59:59.999
    await hardware('2026-11-30T21:00:00.000Z', 10_000_000); // Tue 1 Dec 00:00
    await hardware('2026-11-25T05:00:00.000Z', 5, '2026-11-25T06:00:00.000Z'); // deleted
    await insertOrderAt(t, 'godown', '2026-11-25T05:00:00.000Z', { price: 7 });
    // Printing sums totalPrice (quantity × price).
    await insertOrderAt(t, 'printing', '2026-11-25T05:00:00.000Z', { quantity: 3, price: 50 });
    await insertOrderAt(t, 'printing', '2026-11-24T20:59:59.999Z', { price: 20_000 });
    await insertOrderAt(t, 'printing', '2026-11-25T05:00:00.000Z', {
      price: 999,
      deletedAt: '2026-11-25T06:00:00.000Z',
    });
  });
  afterAll(() => t.close());

  const revenue = async (department: string, period?: string): Promise<Revenue> => {
    const query = period === undefined ? '' : `?period=${period}`;
    const res = await request(t, {
      method: 'GET',
      url: `/api/v1/${department}/revenue${query}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return revenueSchema.parse(res.json());
  };
  const at = (instant: string) => {
    now = new Date(instant);
  };

  it('sums today, this week and this month in the business time zone', async () => {
    at('2026-11-25T09:00:00.000Z'); // Wednesday 12:00 local
    expect(await revenue('hardware', 'day')).toEqual({
      revenue: 100_000,
      period: 'day',
      startDate: '2026-11-24T21:00:00.000Z',
      endDate: '2026-11-25T20:59:59.999Z',
    });
    expect(await revenue('hardware', 'week')).toEqual({
      revenue: 111_000,
      period: 'week',
      startDate: '2026-11-21T21:00:00.000Z',
      endDate: '2026-11-28T20:59:59.999Z',
    });
    expect(await revenue('hardware', 'month')).toEqual({
      revenue: 1_111_110,
      period: 'month',
      startDate: '2026-10-31T21:00:00.000Z',
      endDate: '2026-11-30T20:59:59.999Z',
    });
  });

  it('answers the day when no period is given', async () => {
    at('2026-11-25T09:00:00.000Z');
    expect(await revenue('hardware')).toMatchObject({ period: 'day', revenue: 100_000 });
  });

  it('changes day at local midnight, not UTC midnight', async () => {
    at('2026-11-24T20:59:59.999Z'); // Tuesday 23:59:59.999 local
    expect(await revenue('hardware', 'day')).toMatchObject({
      revenue: 10_000,
      startDate: '2026-11-23T21:00:00.000Z',
    });
    at('2026-11-24T21:00:00.000Z'); // Wednesday 00:00 local (still Tuesday in UTC)
    expect(await revenue('hardware', 'day')).toMatchObject({
      revenue: 100_000,
      startDate: '2026-11-24T21:00:00.000Z',
    });
  });

  it('starts the week on Sunday 00:00 local time', async () => {
    at('2026-11-21T20:59:59.999Z'); // Saturday 23:59:59.999 local
    expect(await revenue('hardware', 'week')).toEqual({
      revenue: 100,
      period: 'week',
      startDate: '2026-11-14T21:00:00.000Z',
      endDate: '2026-11-21T20:59:59.999Z',
    });
    at('2026-11-21T21:00:00.000Z'); // Sunday 00:00 local
    expect(await revenue('hardware', 'week')).toMatchObject({
      revenue: 111_000,
      startDate: '2026-11-21T21:00:00.000Z',
    });
    expect(await revenue('hardware', 'day')).toMatchObject({ revenue: 1_000 });
  });

  it('ends the month at local midnight of the 1st', async () => {
    at('2026-11-30T20:59:59.999Z'); // 30 November 23:59:59.999 local
    expect(await revenue('hardware', 'month')).toMatchObject({
      revenue: 1_111_110,
      endDate: '2026-11-30T20:59:59.999Z',
    });
    expect(await revenue('hardware', 'day')).toMatchObject({ revenue: 1_000_000 });
    at('2026-11-30T21:00:00.000Z'); // 1 December 00:00 local
    expect(await revenue('hardware', 'month')).toEqual({
      revenue: 10_000_000,
      period: 'month',
      startDate: '2026-11-30T21:00:00.000Z',
      endDate: '2026-12-31T20:59:59.999Z',
    });
    at('2026-10-31T20:59:59.999Z'); // 31 October 23:59:59.999 local
    expect(await revenue('hardware', 'month')).toMatchObject({ revenue: 1 });
  });

  it('sums printing’s live jobs by totalPrice', async () => {
    at('2026-11-25T09:00:00.000Z');
    expect(await revenue('printing', 'day')).toMatchObject({ revenue: 150 });
    expect(await revenue('printing', 'week')).toMatchObject({ revenue: 20_150 });
    at('2026-11-24T20:59:59.999Z');
    expect(await revenue('printing', 'day')).toMatchObject({ revenue: 20_000 });
  });

  it('answers every department, with 0 where nothing was sold', async () => {
    at('2026-11-25T09:00:00.000Z');
    const expected: Record<string, number> = { hardware: 100_000, godown: 7, printing: 150 };
    for (const department of departmentIds) {
      expect((await revenue(department, 'day')).revenue, department).toBe(
        expected[department] ?? 0,
      );
    }
  });

  it('refuses a period that is not day, week or month', async () => {
    for (const period of ['year', '', 'DAY', 'day&period=week']) {
      const res = await request(t, {
        method: 'GET',
        url: `/api/v1/hardware/revenue?period=${period}`,
        token: admin,
      });
      expect(res.statusCode, period).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Period must be day, week or month.');
    }
  });

  it('is for admins only', async () => {
    const res = await request(t, { method: 'GET', url: '/api/v1/hardware/revenue', token: clerk });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/hardware/revenue' })).statusCode,
    ).toBe(401);
    expect(
      await request(t, { method: 'GET', url: '/api/v1/bakery/revenue', token: admin }).then(
        (r) => r.statusCode,
      ),
    ).toBe(404);
  });
});
