import type { en } from './dictionary-en.ts';
import { authSw } from './sw/auth.ts';
import { catalogSw } from './sw/catalog.ts';
import { commonSw } from './sw/common.ts';
import { pwaSw } from './sw/pwa.ts';
import { syncSw } from './sw/sync.ts';
import { contactSw } from './sw/contact.ts';
import { landingSw } from './sw/landing.ts';
import { usersSw } from './sw/users.ts';
import { printingSw } from './sw/printing.ts';
import { transfersSw } from './sw/transfers.ts';
import { adminSw } from './sw/admin.ts';
import { settingsSw } from './sw/settings.ts';
import { inventorySw } from './sw/inventory.ts';
import { stockCountsSw } from './sw/stock-counts.ts';
import { receiptsSw } from './sw/receipts.ts';
import { salesSw } from './sw/sales.ts';
import { screenNamesSw } from './sw/screen-names.ts';

/** The Kiswahili texts, joined as in dictionary-en.ts; a missing key fails typecheck. */
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
  ...transfersSw,
  ...adminSw,
  ...settingsSw,
  ...inventorySw,
  ...stockCountsSw,
  ...receiptsSw,
  ...salesSw,
  ...screenNamesSw,
};
