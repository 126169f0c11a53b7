import type { stockCountsEn } from '../en/stock-counts.ts';

/** Kiswahili for stock counts: 'kuhesabu stoo' (docs/glossary.md). */
export const stockCountsSw: Record<keyof typeof stockCountsEn, string> = {
  'stockCounts.nav': 'Kuhesabu stoo',
  'stockCounts.title': 'Kuhesabu stoo',
  'stockCounts.intro':
    'Hesabu kilichopo kwenye rafu za mahali pamoja. Hesabu ni ya kipofu: inaonyesha bidhaa bila idadi zake. Kuhesabu kunafanya kazi nje ya mtandao; msimamizi hukagua tofauti na kuzirekebisha.',
  'stockCounts.loading': 'Inasoma hesabu zilizo kwenye kifaa hiki…',
  'stockCounts.readFailed':
    'Imeshindwa kusoma hifadhi ya kifaa hiki. Pakia ukurasa upya ujaribu tena.',
  'stockCounts.notFound': 'Hesabu hii haipo kwenye kifaa hiki.',
  'stockCounts.back': 'Rudi kwenye Kuhesabu stoo',
  'stockCounts.progress': 'Zimehesabiwa {done} kati ya {total}',

  'stockCounts.progressShort': '{done} / {total}',
  'stockCounts.start.title': 'Anza hesabu',
  'stockCounts.start.location': 'Mahali',
  'stockCounts.start.choose': 'Chagua mahali',
  'stockCounts.start.action': 'Anza hesabu',
  'stockCounts.start.queued':
    'Hesabu ya {location} imeombwa. Kuhesabu kunafunguka seva ikishaianzisha.',
  'stockCounts.start.loadingLocations': 'Inaleta bidhaa kwenye kifaa hiki…',
  'stockCounts.start.joined': 'Hesabu ya {location} tayari inaendelea: iendeleze hapa.',
  'stockCounts.start.noLocations': 'Hakuna bidhaa kwenye kifaa hiki yenye mahali bado.',

  'stockCounts.list.title': 'Hesabu',
  'stockCounts.list.empty': 'Hakuna hesabu ya stoo bado',
  'stockCounts.list.emptyHint': 'Chagua mahali hapo juu uanze hesabu ya kwanza.',
  'stockCounts.col.location': 'Mahali',
  'stockCounts.col.status': 'Hali',
  'stockCounts.col.started': 'Ilianzishwa',
  'stockCounts.col.progress': 'Zimehesabiwa',
  'stockCounts.col.actions': 'Vitendo',
  'stockCounts.col.product': 'Bidhaa',
  'stockCounts.col.counted': 'Zilizohesabiwa',
  'stockCounts.col.expected': 'Zilizotarajiwa',
  'stockCounts.col.variance': 'Tofauti',
  'stockCounts.col.adjustment': 'Stoo imebadilishwa kwa',
  'stockCounts.action.continue': 'Endelea',
  'stockCounts.action.view': 'Angalia',
  'stockCounts.action.continueOf': 'Endelea kuhesabu {location}',
  'stockCounts.action.viewOf': 'Angalia hesabu ya {location}',

  'stockCounts.status.open': 'Inaendelea',
  'stockCounts.status.submitted': 'Imewasilishwa',
  'stockCounts.status.applied': 'Imerekebishwa',
  'stockCounts.status.cancelled': 'Imeghairiwa',
  'stockCounts.status.starting': 'Inasubiri kuanza',
  'stockCounts.status.sending': 'Inasubiri kusawazishwa',

  'stockCounts.sheet.title': 'Hesabu ya {location}',
  'stockCounts.sheet.startedBy': 'Imeanzishwa na {who} tarehe {when}',
  'stockCounts.sheet.waitingTitle': 'Inasubiri seva ianzishe hesabu hii',
  'stockCounts.sheet.waitingText':
    'Seva huandika stoo ya kila bidhaa ya hapa hesabu inapoifikia, ili mauzo yanayofanyika ukihesabu yasihesabiwe kama upotevu. Kuhesabu kunafunguka mara tu ikishaanzishwa; ombi linahifadhiwa kwenye kifaa hiki hadi wakati huo.',
  'stockCounts.sheet.blindHint':
    'Andika unachokikuta kwenye rafu, au skani bidhaa kwenda kwenye mstari wake. Kila unachoingiza kinahifadhiwa kwenye kifaa hiki papo hapo: unaweza kusimama na kuendelea baadaye.',
  'stockCounts.sheet.filter': 'Tafuta kwenye hesabu hii',
  'stockCounts.sheet.linesLabel': 'Bidhaa za kuhesabu',
  'stockCounts.sheet.showMore': 'Onyesha {count} zaidi ({left} hazijaonyeshwa)',
  'stockCounts.sheet.noMatch': 'Hakuna bidhaa ya hesabu hii inayolingana.',
  'stockCounts.sheet.countedOf': 'Idadi iliyohesabiwa ya {name}',
  'stockCounts.sheet.addOneOf': '+1 {name}',
  'stockCounts.sheet.placeholder': 'Idadi',
  'stockCounts.sheet.notCounted': 'Haijahesabiwa',
  'stockCounts.sheet.saved': 'Zimehesabiwa: {count}',
  'stockCounts.sheet.scanned': '{name}: andika idadi uliyohesabu.',
  'stockCounts.sheet.submit': 'Wasilisha hesabu',
  'stockCounts.sheet.submitTitle': 'Uwasilishe hesabu ya {location}?',
  'stockCounts.sheet.submitAll':
    '{count, plural, one {Bidhaa imehesabiwa.} other {Bidhaa zote # zimehesabiwa.}} Hesabu inatumwa sasa, au mtandao ukirudi.',
  'stockCounts.sheet.submitUncounted':
    '{count, plural, one {Bidhaa # haijahesabiwa na itaandikwa 0 (haikupatikana).} other {Bidhaa # hazijahesabiwa na zitaandikwa 0 (hazikupatikana).}}',
  'stockCounts.sheet.submitted': 'Hesabu ya {location} imewasilishwa',
  'stockCounts.sheet.submittedQueued':
    'Hesabu ya {location} imehifadhiwa kwenye kifaa hiki. Itatumwa seva ikipatikana.',

  'stockCounts.result.waiting':
    'Imewasilishwa kwenye kifaa hiki; itatumwa kwenye seva mtandao ukiruhusu.',
  'stockCounts.result.submitted': 'Imewasilishwa. Msimamizi hukagua tofauti na kuzirekebisha.',
  'stockCounts.result.applied': 'Imerekebishwa: stoo imebadilishwa kuwa kilichohesabiwa.',
  'stockCounts.result.cancelled': 'Imeghairiwa: stoo haikubadilishwa.',
  'stockCounts.result.tableLabel': 'Bidhaa zilizohesabiwa',
  'stockCounts.variance.match': 'Zinalingana',
  'stockCounts.variance.missing': '{count} zimepungua',
  'stockCounts.variance.surplus': '{count} zimezidi',

  'stockCounts.review.summary':
    '{count, plural, one {Bidhaa # ina tofauti} other {Bidhaa # zina tofauti}}: {missing} zimepungua, {surplus} zimezidi.',
  'stockCounts.review.noDifference': 'Kila bidhaa iliyohesabiwa inalingana na iliyotarajiwa.',
  'stockCounts.review.apply': 'Rekebisha stoo',
  'stockCounts.review.applyTitle': 'Urekebishe stoo?',
  'stockCounts.review.applyText':
    '{count, plural, =0 {Hakuna stoo inayobadilika.} one {Stoo ya bidhaa # ya {location} inabadilishwa kuwa kilichohesabiwa.} other {Stoo ya bidhaa # za {location} inabadilishwa kuwa kilichohesabiwa.}} Kila badiliko linaandikwa kama uhamisho ‘stock count’.',
  'stockCounts.review.cancel': 'Ghairi hesabu',
  'stockCounts.review.cancelTitle': 'Ughairi hesabu hii?',
  'stockCounts.review.cancelText': 'Hesabu ya {location} inafungwa na hakuna stoo inayobadilika.',
  'stockCounts.review.applied':
    '{count, plural, =0 {Hesabu imekamilika: hakuna stoo iliyobadilika} one {Stoo ya bidhaa # imerekebishwa} other {Stoo ya bidhaa # imerekebishwa}}',
  'stockCounts.review.cancelled': 'Hesabu imeghairiwa',

  'stockCounts.op.start': 'Anza hesabu ya {location}',
  'stockCounts.op.submit': 'Wasilisha hesabu ya {location}',

  'stockCounts.msg.locationRequired': 'Tafadhali chagua mahali pa kuhesabu.',
  'stockCounts.msg.noProducts': 'Hakuna bidhaa za kuhesabu mahali hapa.',
  'stockCounts.msg.alreadyOpen': 'Hesabu ya mahali hapa tayari inaendelea.',
  'stockCounts.msg.notFound': 'Hesabu ya stoo haikupatikana',
  'stockCounts.msg.alreadySubmitted': 'Hesabu hii tayari imewasilishwa.',
  'stockCounts.msg.notOpen': 'Hesabu hii haiendelei tena.',
  'stockCounts.msg.notSubmitted': 'Hesabu iliyowasilishwa tu ndiyo inayoweza kurekebishwa.',
  'stockCounts.msg.alreadyApplied': 'Hesabu hii tayari imerekebishwa.',
  'stockCounts.msg.countedInvalid': 'Idadi iliyohesabiwa lazima iwe namba kamili, 0 au zaidi.',
  'stockCounts.msg.countedTooLarge': 'Idadi iliyohesabiwa ni kubwa mno.',
  'stockCounts.msg.notInCount': 'Bidhaa hii haimo kwenye hesabu hii.',
  'stockCounts.msg.countedTwice': 'Bidhaa imeorodheshwa mara mbili kwenye hesabu hii.',
  'stockCounts.msg.tooManyLines': 'Mistari ni mingi mno kwa hesabu moja.',
  'stockCounts.msg.invalidId': 'Kitambulisho cha hesabu si sahihi',
  'stockCounts.msg.idTaken': 'Hesabu yenye kitambulisho hiki tayari ipo',
  'stockCounts.msg.invalidTime': 'Muda wa hesabu si sahihi',
  'stockCounts.msg.failed': 'Imeshindwa kuhifadhi hesabu. Jaribu tena.',
};
