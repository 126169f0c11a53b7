/**
 * The words of the tablet setup page (/trust), in Kiswahili and English. Server-rendered: the
 * page must work over plain HTTP on a tablet that has never loaded the app.
 */
export type TrustLanguage = 'sw' | 'en';

export interface TrustTexts {
  title: string;
  otherLanguage: string;
  intro: string;
  fingerprintLabel: string;
  fingerprintHint: string;
  step1: string;
  download: string;
  androidTitle: string;
  android: string[];
  appleTitle: string;
  apple: string[];
  checkTitle: string;
  checking: string;
  trusted: string;
  notTrusted: string;
  checkAgain: string;
  openTitle: string;
  openHint: string;
  otherAddresses: string;
  tlsOff: string;
  ownCertificate: string;
  expires: string;
}

export const trustTexts: Record<TrustLanguage, TrustTexts> = {
  sw: {
    title: 'Andaa kompyuta kibao hii',
    otherLanguage: 'English',
    intro:
      'Ili kazi iendelee mtandao ukikatika, kompyuta kibao lazima ifungue programu kwa anwani salama (https). Seva hii ina mamlaka yake ya vyeti: isakinishe mara moja kwenye kila kompyuta kibao.',
    fingerprintLabel: 'Alama ya cheti (SHA-256)',
    fingerprintHint:
      'Linganisha na alama iliyoonyeshwa seva ilipowashwa, au kwenye Msimamizi → Mipangilio → Kompyuta kibao.',
    step1: '1. Pakua cheti',
    download: 'Pakua cheti cha seva',
    androidTitle: '2. Android',
    android: [
      'Fungua Mipangilio → Usalama (au Usalama na faragha) → Mipangilio zaidi ya usalama → Usimbaji na vitambulisho.',
      'Gusa "Sakinisha cheti" → "Cheti cha CA" → "Sakinisha hata hivyo".',
      'Chagua faili uliyopakua: trading-company-ca.crt.',
    ],
    appleTitle: '2. iPad au iPhone',
    apple: [
      'Fungua ukurasa huu kwenye Safari na upakue cheti; gusa "Ruhusu".',
      'Fungua Mipangilio → Jumla → VPN na Usimamizi wa Kifaa → "Trading Company local CA" → Sakinisha.',
      'Kisha Mipangilio → Jumla → Kuhusu → Mipangilio ya Kuamini Vyeti: washa "Trading Company local CA".',
    ],
    checkTitle: '3. Hakikisha',
    checking: 'Inaangalia kama kompyuta kibao hii inaiamini seva…',
    trusted: 'Kompyuta kibao hii inaiamini seva. Fungua programu kwa anwani salama hapa chini.',
    notTrusted: 'Bado haiamini seva. Sakinisha cheti kama ilivyoelezwa, kisha gusa "Angalia tena".',
    checkAgain: 'Angalia tena',
    openTitle: '4. Fungua programu',
    openHint: 'Gusa anwani, au piga picha ya msimbo wa QR kwa kamera ya kompyuta kibao.',
    otherAddresses: 'Anwani nyingine za seva hii',
    tlsOff:
      'HTTPS imezimwa kwenye seva hii (TLS=off). Mwombe anayeiendesha aiwashe; hadi hapo kompyuta kibao haiwezi kufanya kazi bila mtandao.',
    ownCertificate:
      'Seva hii inatumia cheti chake cha kikoa: hakuna cha kusakinisha. Fungua programu kwa anwani salama hapa chini.',
    expires: 'Muda wa cheti unaisha',
  },
  en: {
    title: 'Set up this tablet',
    otherLanguage: 'Kiswahili',
    intro:
      'To keep working when the network drops, a tablet must open the app at a secure (https) address. This server has its own certificate authority: install it once on each tablet.',
    fingerprintLabel: 'Certificate fingerprint (SHA-256)',
    fingerprintHint:
      'Compare it with the one printed when the server started, or under Admin → Settings → Tablets.',
    step1: '1. Download the certificate',
    download: 'Download the server certificate',
    androidTitle: '2. Android',
    android: [
      'Open Settings → Security (or Security & privacy) → More security settings → Encryption & credentials.',
      'Tap "Install a certificate" → "CA certificate" → "Install anyway".',
      'Choose the file you downloaded: trading-company-ca.crt.',
    ],
    appleTitle: '2. iPad or iPhone',
    apple: [
      'Open this page in Safari and download the certificate; tap "Allow".',
      'Open Settings → General → VPN & Device Management → "Trading Company local CA" → Install.',
      'Then Settings → General → About → Certificate Trust Settings: turn on "Trading Company local CA".',
    ],
    checkTitle: '3. Check',
    checking: 'Checking whether this tablet trusts the server…',
    trusted: 'This tablet trusts the server. Open the app at the secure address below.',
    notTrusted: 'Not trusted yet. Install the certificate as described, then tap "Check again".',
    checkAgain: 'Check again',
    openTitle: '4. Open the app',
    openHint: "Tap the address, or scan the QR code with the tablet's camera.",
    otherAddresses: 'Other addresses of this server',
    tlsOff:
      'HTTPS is turned off on this server (TLS=off). Ask whoever runs it to turn it on; until then a tablet cannot work offline.',
    ownCertificate:
      'This server uses its own domain certificate: nothing to install. Open the app at the secure address below.',
    expires: 'Certificate valid until',
  },
};
