import { commonEn } from './en/common.ts';
import { commonSw } from './sw/common.ts';

/**
 * The one place feature dictionaries are joined. Each feature keeps its strings in
 * src/i18n/en/<feature>.ts and src/i18n/sw/<feature>.ts (typed as Record<keyof typeof xEn, string>,
 * so a missing Swahili key fails typecheck) and adds one line to each object below.
 */
export const en = {
  ...commonEn,
};

export const sw: Record<keyof typeof en, string> = {
  ...commonSw,
};

export type MessageKey = keyof typeof en;
export const languages = ['sw', 'en'] as const;
export type Language = (typeof languages)[number];
export const dictionaries: Record<Language, Record<MessageKey, string>> = { en, sw };
