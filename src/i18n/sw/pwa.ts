import type { pwaEn } from '../en/pwa.ts';

/** Kiswahili for the update prompt. */
export const pwaSw: Record<keyof typeof pwaEn, string> = {
  'pwa.updateAvailable': 'Toleo jipya linapatikana',
  'pwa.updateHint':
    'Pakia upya ili uanze kulitumia. Kazi uliyohifadhi, hata ile ya nje ya mtandao, haitapotea.',
  'pwa.reload': 'Pakia upya',
  'pwa.insecureTitle': 'Anwani hii haiwezi kuendelea kufanya kazi bila mtandao',
  'pwa.insecureBody':
    'Kivinjari huhifadhi programu na kazi zilizo kwenye foleni kwenye kompyuta kibao kwa anwani salama (https) tu.',
  'pwa.insecureOpen': 'Fungua anwani salama',
  'pwa.insecureSetup': 'Andaa kompyuta kibao hii',
  'pwa.insecureTlsOff':
    'HTTPS imezimwa kwenye seva hii. Mwombe anayeiendesha aiwashe, kisha andaa kompyuta kibao hii.',
  'pwa.later': 'Baadaye',
};
