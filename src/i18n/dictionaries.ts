import { authEn } from './en/auth.ts';
import { catalogEn } from './en/catalog.ts';
import { commonEn } from './en/common.ts';
import { authSw } from './sw/auth.ts';
import { catalogSw } from './sw/catalog.ts';
import { commonSw } from './sw/common.ts';
import { pwaEn } from './en/pwa.ts';
import { pwaSw } from './sw/pwa.ts';
import { syncEn } from './en/sync.ts';
import { syncSw } from './sw/sync.ts';
import { contactEn } from './en/contact.ts';
import { contactSw } from './sw/contact.ts';
import { landingEn } from './en/landing.ts';
import { landingSw } from './sw/landing.ts';
import { usersEn } from './en/users.ts';
import { usersSw } from './sw/users.ts';
import { printingEn } from './en/printing.ts';
import { printingSw } from './sw/printing.ts';
import { bulkUploadEn } from './en/bulk-upload.ts';
import { bulkUploadSw } from './sw/bulk-upload.ts';
import { transfersEn } from './en/transfers.ts';
import { transfersSw } from './sw/transfers.ts';
import { adminEn } from './en/admin.ts';
import { adminSw } from './sw/admin.ts';
import { settingsEn } from './en/settings.ts';
import { settingsSw } from './sw/settings.ts';
import { inventoryEn } from './en/inventory.ts';
import { inventorySw } from './sw/inventory.ts';
import { stockCountsEn } from './en/stock-counts.ts';
import { stockCountsSw } from './sw/stock-counts.ts';

/**
 * The one place feature dictionaries are joined. Each feature keeps its strings in
 * src/i18n/en/<feature>.ts and src/i18n/sw/<feature>.ts (typed as Record<keyof typeof xEn, string>,
 * so a missing Swahili key fails typecheck) and adds one line to each object below.
 */
export const en = {
  ...commonEn,
  ...pwaEn,
  ...authEn,
  ...catalogEn,
  ...syncEn,
  ...landingEn,
  ...contactEn,
  ...usersEn,
  ...printingEn,
  ...bulkUploadEn,
  ...transfersEn,
  ...adminEn,
  ...settingsEn,
  ...inventoryEn,
  ...stockCountsEn,
};

export const sw: Record<keyof typeof en, string> = {
  ...commonSw,
  ...pwaSw,
  ...authSw,
  ...catalogSw,
  ...syncSw,
  ...landingSw,
  ...contactSw,
  ...usersSw,
  ...printingSw,
  ...bulkUploadSw,
  ...transfersSw,
  ...adminSw,
  ...settingsSw,
  ...inventorySw,
  ...stockCountsSw,
};

export type MessageKey = keyof typeof en;
export const languages = ['sw', 'en'] as const;
export type Language = (typeof languages)[number];
export const dictionaries: Record<Language, Record<MessageKey, string>> = { en, sw };
