import type { Language } from '../../../i18n/dictionaries.ts';

const locales: Record<Language, string> = { en: 'en-GB', sw: 'sw-TZ' };

/** A record timestamp for people: date and time in the device's time zone; '—' when invalid. */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatDate(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'long' }).format(date);
}
