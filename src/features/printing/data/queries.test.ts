import { describe, expect, it } from 'vitest';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import { jobsInPeriod } from './queries.ts';

/** A job created at a local wall-clock time (the tabs work in the device's time, like orders). */
function jobAt(id: string, year: number, month: number, day: number, hour = 12) {
  return {
    _id: id,
    createdAt: new Date(year, month - 1, day, hour).toISOString(),
  } as PrintingOrderRecord;
}

// Wednesday 11 February 2026, 15:00 local time: the week runs Sunday 8 to Saturday 14.
const now = new Date(2026, 1, 11, 15);
const jobs = [
  jobAt('last-month', 2026, 1, 31, 23),
  jobAt('saturday-before', 2026, 2, 7, 23),
  jobAt('sunday', 2026, 2, 8, 0),
  jobAt('today-morning', 2026, 2, 11, 8),
  jobAt('today-evening', 2026, 2, 11, 22),
  jobAt('saturday', 2026, 2, 14, 23),
  jobAt('next-sunday', 2026, 2, 15, 1),
  jobAt('next-month', 2026, 3, 1, 9),
];
const ids = (period: Parameters<typeof jobsInPeriod>[1]) =>
  jobsInPeriod(jobs, period, now).map((job) => job._id);

describe('the printing orders period tabs', () => {
  it('All Orders lists every job, newest first', () => {
    expect(ids('all')).toEqual([
      'next-month',
      'next-sunday',
      'saturday',
      'today-evening',
      'today-morning',
      'sunday',
      'saturday-before',
      'last-month',
    ]);
  });

  it('Today lists the jobs of the calendar day', () => {
    expect(ids('today')).toEqual(['today-evening', 'today-morning']);
  });

  it('This Week runs from Sunday 00:00 to the end of Saturday', () => {
    expect(ids('week')).toEqual(['saturday', 'today-evening', 'today-morning', 'sunday']);
  });

  it('This Month is the calendar month', () => {
    expect(ids('month')).toEqual([
      'next-sunday',
      'saturday',
      'today-evening',
      'today-morning',
      'sunday',
      'saturday-before',
    ]);
  });
});
