import type { pwaEn } from '../en/pwa.ts';

/** Kiswahili for the update prompt. */
export const pwaSw: Record<keyof typeof pwaEn, string> = {
  'pwa.updateAvailable': 'Toleo jipya linapatikana',
  'pwa.updateHint':
    'Pakia upya ili uanze kulitumia. Kazi uliyohifadhi, hata ile ya nje ya mtandao, haitapotea.',
  'pwa.reload': 'Pakia upya',
  'pwa.later': 'Baadaye',
};
