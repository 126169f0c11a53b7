import { businessTimeZone } from './company.ts';

/**
 * What a sheet is made of, and the business-time texts its cells and file names use. Apart from
 * domain/spreadsheet.ts (the CSV and XLSX writers) because the screens that build a sheet import
 * these at start-up, while the writers and fflate are loaded only when Export is pressed
 * (issue 26 item 10).
 */
export type Cell = string | number;
export type Sheet = Cell[][];

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-11-23 14:30' in the business time zone: sortable, and what the shop's clock said. */
export function businessDateTime(iso: string, timeZone: string = businessTimeZone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${pad(Number(parts.month))}-${pad(Number(parts.day))} ${pad(Number(parts.hour))}:${pad(Number(parts.minute))}`;
}

/**
 * 'YYYY-MM-DD' in the business time zone, for export file names. `now` has no default: a tablet
 * passes `serverNow()` (src/sync/server-clock.ts), as its own clock may be days off.
 */
export function businessDate(now: Date, timeZone: string = businessTimeZone): string {
  return businessDateTime(now.toISOString(), timeZone).slice(0, 10);
}
