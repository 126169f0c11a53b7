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
  'settings.message.saveFailed': 'Imeshindwa kuhifadhi mipangilio.',
  'settings.message.currentRequired': 'Nenosiri la sasa linahitajika.',
  'settings.message.currentWrong': 'Nenosiri la sasa si sahihi.',
  'settings.message.mismatch': 'Manenosiri mapya hayalingani.',
  'settings.message.changed': 'Nenosiri limebadilishwa kwa mafanikio!',
};
