/**
 * Menu labels of screens whose own words arrive with the screen (screen-words.ts): the menu is on
 * every screen, so its labels are in the joined dictionary.
 */
export const screenNamesEn = {
  'deliveries.nav': 'Goods received',
  'bulkUpload.nav': 'Bulk upload',
};
