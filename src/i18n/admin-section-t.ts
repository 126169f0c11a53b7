import { useCallback } from 'react';
import { adminAuditEn, type AdminAuditKey } from './en/admin-audit.ts';
import type { Language } from './dictionaries.ts';
import { useLanguage, useTranslateMessage } from './i18n.tsx';
import { adminAuditSw } from './sw/admin-audit.ts';
import { interpolate, type MessageValues } from './translate.ts';

/**
 * A dictionary only admin screens use, kept out of dictionaries.ts so the start-up bundle (the
 * one /login downloads) does not carry it: the screen's lazy chunk imports it instead. Same
 * rules as the joined dictionaries (typed Swahili, ICU plurals through `interpolate`).
 */
export const adminAuditDictionaries: Record<Language, Record<AdminAuditKey, string>> = {
  en: adminAuditEn,
  sw: adminAuditSw,
};

export type AuditT = (key: AdminAuditKey, values?: MessageValues) => string;

export function translateAudit(
  language: Language,
  key: AdminAuditKey,
  values?: MessageValues,
): string {
  return interpolate(adminAuditDictionaries[language][key], values, language);
}

/** `t` for the audit screen's keys, in the current language. */
export function useAuditT(): AuditT {
  const { language } = useLanguage();
  return useCallback((key, values) => translateAudit(language, key, values), [language]);
}

/** Is `key` one of the audit dictionary's keys (e.g. a built `audit.fieldName.*`)? */
export function isAuditKey(key: string): key is AdminAuditKey {
  return Object.hasOwn(adminAuditEn, key);
}

/**
 * A server message in the current language: the audit route's own messages from this dictionary,
 * every other one through the joined dictionaries.
 */
export function useTranslateAuditMessage(): (text: string) => string {
  const { language } = useLanguage();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text) => {
      const key = (Object.keys(adminAuditEn) as AdminAuditKey[]).find(
        (candidate) => candidate.startsWith('audit.message.') && adminAuditEn[candidate] === text,
      );
      return key ? translateAudit(language, key) : translateMessage(text);
    },
    [language, translateMessage],
  );
}
