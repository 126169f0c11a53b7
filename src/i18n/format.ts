import type { Language } from './dictionaries.ts';

// Dates and times for people, in the UI language. Money is `formatTsh` (domain/money.ts).

/** The locale of each UI language for Intl formatting. */
const localeOf: Record<Language, string> = { sw: 'sw-TZ', en: 'en-GB' };

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface DateFormatOptions {
  /** IANA zone; defaults to the device's zone. Tests pin it. */
  timeZone?: string;
}

/** '5 Januari 2026' / '5 January 2026'; '—' for a missing or invalid date. */
export function formatDate(
  value: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return '—';
  return new Intl.DateTimeFormat(localeOf[language], {
    dateStyle: 'long',
    timeZone: options.timeZone,
  }).format(date);
}

/** Date and time, e.g. '5 Jan 2026, 14:30'; '—' for a missing or invalid date. */
export function formatDateTime(
  value: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): string {
  const date = toDate(value);
  if (!date) return '—';
  return new Intl.DateTimeFormat(localeOf[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

/**
 * A moment of today as its time only ('14:30'), any other day with its date ('5 Jan 2026,
 * 14:30'): the sync status says when it last reached the server.
 */
export function formatRecentTime(
  value: DateInput,
  language: Language,
  options: DateFormatOptions & { now?: Date } = {},
): string {
  const date = toDate(value);
  if (!date) return '—';
  const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone: options.timeZone });
  if (day.format(date) !== day.format(options.now ?? new Date())) {
    return formatDateTime(date, language, options);
  }
  return new Intl.DateTimeFormat(localeOf[language], {
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}
