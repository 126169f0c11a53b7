import { describe, expect, it } from 'vitest';
import { auditMessages } from '../../domain/audit.ts';
import { adminAuditDictionaries, translateAudit } from './admin-section-t.ts';
import { adminAuditEn, type AdminAuditKey } from './en/admin-audit.ts';
import { adminAuditSw } from './sw/admin-audit.ts';

/**
 * The audit screen's dictionary is not joined into dictionaries.ts (it stays out of the start-up
 * bundle), so the joined dictionaries' checks are repeated here for it.
 */
const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();

const keys = Object.keys(adminAuditEn) as AdminAuditKey[];

describe('the audit dictionary', () => {
  it('has the same keys and placeholders in both languages, none empty', () => {
    expect(Object.keys(adminAuditSw).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(placeholdersOf(adminAuditSw[key]), key).toEqual(placeholdersOf(adminAuditEn[key]));
      expect(adminAuditEn[key].trim(), key).not.toBe('');
      expect(adminAuditSw[key].trim(), key).not.toBe('');
    }
  });

  it.each(['en', 'sw'] as const)('renders every message in %s with no braces left', (language) => {
    const leftovers: string[] = [];
    for (const key of keys) {
      const text = adminAuditDictionaries[language][key];
      for (const count of [0, 1, 2]) {
        const values: Record<string, string | number> = {};
        for (const [, name] of text.matchAll(/\{(\w+)\}/g)) if (name) values[name] = `«${name}»`;
        for (const [, name] of text.matchAll(/\{(\w+), plural,/g)) if (name) values[name] = count;
        const rendered = translateAudit(language, key, values);
        if (/[{}]/.test(rendered)) leftovers.push(`${key} (${count}): ${rendered}`);
      }
    }
    expect(leftovers).toEqual([]);
  });

  it('holds the server messages word for word, so they can be translated', () => {
    expect(adminAuditEn['audit.message.badQuery']).toBe(auditMessages.badQuery);
    expect(adminAuditEn['audit.message.badLimit']).toBe(auditMessages.badLimit);
  });

  it('counts in both languages', () => {
    expect(translateAudit('en', 'audit.shown', { count: 1 })).toBe('1 entry shown');
    expect(translateAudit('en', 'audit.shown', { count: 2 })).toBe('2 entries shown');
    expect(translateAudit('sw', 'audit.shown', { count: 2 })).toBe('Kumbukumbu 2 zinaonyeshwa');
  });
});
