import { bulkUploadEn } from './en/bulk-upload.ts';
import { deliveriesEn } from './en/deliveries.ts';
import { bulkUploadSw } from './sw/bulk-upload.ts';
import { deliveriesSw } from './sw/deliveries.ts';

/**
 * Words only some screens use, kept out of the joined dictionaries so that a tablet's start-up
 * does not download them (issue 26 item 10: at most 250 kB of JS before a department home's list
 * shows). Each section has a module of its own (screen-words-<section>.ts); every file that uses
 * a section's keys imports it, and importing it adds the words to both languages (dictionaries.ts
 * `addScreenWords`) before anything of the importing chunk renders.
 *
 * A section's words stay typed message keys (`t('deliveries.form.title')`); a menu label of such
 * a screen stays in the joined dictionary (en/screen-names.ts), since the menu is on every screen.
 * Server messages of a section (English, matched by their text) are translated once it is in:
 * the deliveries' words come with the sync registry's offline entities, so a refused delivery in
 * the sync panel is translated on any screen.
 *
 * The app imports this file for its types only (so it bundles nothing); tests join every word
 * from it.
 */
export const everyScreenWord = {
  en: { ...deliveriesEn, ...bulkUploadEn },
  sw: { ...deliveriesSw, ...bulkUploadSw },
};

export type ScreenWordKey = keyof typeof everyScreenWord.en;
