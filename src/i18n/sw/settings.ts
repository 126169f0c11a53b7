import type { settingsEn } from '../en/settings.ts';

/** Kiswahili for /admin/settings (docs/glossary.md: mipangilio, risiti, nenosiri, hifadhi). */
export const settingsSw: Record<keyof typeof settingsEn, string> = {
  'settings.title': 'Mipangilio ya Mfumo',
  'settings.loading': 'Inapakia mipangilio…',
  'settings.company.title': 'Taarifa za kampuni',
  'settings.company.text':
    'Huchapishwa kwenye kila risiti na ripoti. Tableti huhifadhi nakala, hivyo risiti huchapishwa hata nje ya mtandao.',
  'settings.field.name': 'Jina la kampuni',
  'settings.field.address': 'Anwani',
  'settings.field.phone': 'Simu',
  'settings.field.tin': 'TIN',
  'settings.field.receiptFooter': 'Maneno ya chini ya risiti',
  'settings.save': 'Hifadhi mipangilio',
  'settings.saving': 'Inahifadhi…',
  'settings.fetchFailed': 'Imeshindwa kupakia mipangilio: {message}',
  'settings.password.title': 'Badilisha nenosiri',
  'settings.password.text':
    'Nenosiri likibadilika, vipindi vyako vingine vinatolewa; hiki kinabaki ndani.',
  'settings.password.current': 'Nenosiri la sasa',
  'settings.password.new': 'Nenosiri jipya',
  'settings.password.confirm': 'Thibitisha nenosiri jipya',
  'settings.password.submit': 'Badilisha nenosiri',
  'settings.password.submitting': 'Inabadilisha…',
  'settings.password.kept':
    'Nenosiri limebadilishwa kwa mafanikio! Unabaki umeingia kwenye kifaa hiki.',
  'settings.password.failed': 'Imeshindwa kubadilisha nenosiri: {message}',
  'settings.message.nameRequired': 'Jina la kampuni linahitajika.',
  'settings.message.tooLong': 'Sehemu hii ni ndefu mno.',
  'settings.message.saved': 'Mipangilio imehifadhiwa kwa mafanikio!',
  'settings.tablets.title': 'Kompyuta kibao',
  'settings.tablets.text':
    'Kompyuta kibao hufungua programu kwa anwani salama ili iendelee kufanya kazi bila mtandao. Andaa kila kompyuta kibao mara moja kutoka ukurasa wa maandalizi, kisha fungua mojawapo ya anwani hizi (igusa, au piga picha ya msimbo wake wa QR kwa kompyuta kibao).',
  'settings.tablets.tlsOff':
    'HTTPS imezimwa kwenye seva hii (TLS=off): kompyuta kibao kwenye mtandao haziwezi kuendelea kufanya kazi bila mtandao. Iwashe, au tumia proksi yenye HTTPS mbele yake.',
  'settings.tablets.ownCertificate':
    'Seva hii inatumia cheti chake (TLS=files): kompyuta kibao hazihitaji kusakinisha chochote.',
  'settings.tablets.setup': 'Ukurasa wa maandalizi kwa kompyuta kibao mpya',
  'settings.tablets.fingerprint': 'Alama ya mamlaka ya vyeti (SHA-256)',
  'settings.tablets.caExpires': 'Mamlaka ya vyeti ni halali hadi {date}',
  'settings.tablets.certificateExpires':
    'Cheti cha seva ni halali hadi {date} (hujisasisha chenyewe)',
  'settings.tablets.qr': 'Msimbo wa QR wa {address}',
  'settings.loadStatusFailed': 'Imeshindwa kupakia hali ya seva: {message}',
  'settings.backups.title': 'Nakala za akiba',
  'settings.backups.schedule':
    'Nakala ya hifadhidata hutengenezwa kila siku saa {time} ({zone}) katika {dir}; nakala {keep} za karibuni huhifadhiwa.',
  'settings.backups.last': 'Nakala ya mwisho: {date}, {size}',
  'settings.backups.none': 'Bado hakuna nakala: ya kwanza itatengenezwa {date}.',
  'settings.backups.postgres':
    'Hifadhidata ni PostgreSQL: ihifadhi kwa pg_dump (angalia README, "Backups").',
  'settings.backups.off': 'Nakala za kila siku zimezimwa (BACKUP_KEEP=0).',
  'settings.message.saveFailed': 'Imeshindwa kuhifadhi mipangilio.',
  'settings.message.currentRequired': 'Nenosiri la sasa linahitajika.',
  'settings.message.currentWrong': 'Nenosiri la sasa si sahihi.',
  'settings.message.mismatch': 'Manenosiri mapya hayalingani.',
  'settings.message.changed': 'Nenosiri limebadilishwa kwa mafanikio!',
};
