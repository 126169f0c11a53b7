import type { Language } from './dictionaries.ts';

// Dates and times for people, in the UI language. Money is `formatTsh` (domain/money.ts).

/** The locale of each UI language for Intl formatting. */
export const localeOf: Record<Language, string> = { sw: 'sw-TZ', en: 'en-GB' };

type DateInput = string | number | Date | null | undefined;

// One formatter per locale and options: creating an Intl formatter costs far more than using one
// (milliseconds on a tablet), and the sync status formats its time at every render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${options.dateStyle ?? ''}|${options.timeStyle ?? ''}|${options.timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

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
  return dateTimeFormat(localeOf[language], {
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
  return dateTimeFormat(localeOf[language], {
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
  if (options.timeZone === undefined) {
    // The device's zone (every screen): 'HH:MM' by hand, as both locales write it. The first Intl
    // formatter of a page costs tens of ms on a tablet, and the sync status shows this at start.
    const now = options.now ?? new Date();
    const today =
      date.getFullYear() === now.getFullYear() &&
      date.getMonth() === now.getMonth() &&
      date.getDate() === now.getDate();
    if (today) return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
    return formatDateTime(date, language, options);
  }
  const day = dateTimeFormat('en-CA', { dateStyle: 'short', timeZone: options.timeZone });
  if (day.format(date) !== day.format(options.now ?? new Date())) {
    return formatDateTime(date, language, options);
  }
  return dateTimeFormat(localeOf[language], {
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}
