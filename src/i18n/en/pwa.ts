/** Strings of the installed-app pieces: the update prompt. */
export const pwaEn = {
  'pwa.updateAvailable': 'A new version is available',
  'pwa.updateHint':
    'Reload to start using it. Work you have saved, including offline work, is kept.',
  'pwa.reload': 'Reload',
  'pwa.later': 'Later',
} as const;
