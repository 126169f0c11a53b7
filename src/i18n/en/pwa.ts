/** Strings of the installed-app pieces: the update prompt. */
export const pwaEn = {
  'pwa.updateAvailable': 'A new version is available',
  'pwa.updateHint':
    'Reload to start using it. Work you have saved, including offline work, is kept.',
  'pwa.reload': 'Reload',
  'pwa.later': 'Later',
  'pwa.insecureTitle': 'This address cannot keep working offline',
  'pwa.insecureBody':
    'A browser keeps the app and its queued work on the tablet only at a secure (https) address.',
  'pwa.insecureOpen': 'Open the secure address',
  'pwa.insecureSetup': 'Set up this tablet',
  'pwa.insecureTlsOff':
    'HTTPS is turned off on this server. Ask whoever runs it to turn it on, then set up this tablet.',
} as const;
