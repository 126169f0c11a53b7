import { authEn } from './en/auth.ts';
import { catalogEn } from './en/catalog.ts';
import { commonEn } from './en/common.ts';
import { pwaEn } from './en/pwa.ts';
import { syncEn } from './en/sync.ts';
import { contactEn } from './en/contact.ts';
import { landingEn } from './en/landing.ts';
import { usersEn } from './en/users.ts';
import { printingEn } from './en/printing.ts';
import { transfersEn } from './en/transfers.ts';
import { adminEn } from './en/admin.ts';
import { settingsEn } from './en/settings.ts';
import { inventoryEn } from './en/inventory.ts';
import { stockCountsEn } from './en/stock-counts.ts';
import { receiptsEn } from './en/receipts.ts';
import { salesEn } from './en/sales.ts';
import { screenNamesEn } from './en/screen-names.ts';

/**
 * The one place the English feature dictionaries are joined (dictionary-sw.ts the Kiswahili).
 * Each language is a lazy chunk of its own: a device loads the language it speaks before its first
 * render, and English after the first screen's content (server messages are matched by their
 * English text), see dictionaries.ts. Each feature keeps its strings in
 * src/i18n/en/<feature>.ts and src/i18n/sw/<feature>.ts (typed as Record<keyof typeof xEn, string>,
 * so a missing Swahili key fails typecheck) and adds one line to each object below, or, for
 * words only its own screens use, joins them in screen-words.ts instead (off the start path).
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
  ...transfersEn,
  ...adminEn,
  ...settingsEn,
  ...inventoryEn,
  ...stockCountsEn,
  ...receiptsEn,
  ...salesEn,
  ...screenNamesEn,
};
