import type { bulkUploadEn } from '../en/bulk-upload.ts';

/**
 * Kiswahili for the godown bulk upload (docs/glossary.md: ghala, bidhaa, stoo, bei, idadi, mahali,
 * pakia). The guide is the spec's Swahili guide, written to match the server's rules.
 */
export const bulkUploadSw: Record<keyof typeof bulkUploadEn, string> = {
  'bulkUpload.title': 'Pakia Bidhaa kwa Wingi',
  'bulkUpload.intro':
    'Ongeza au sasisha bidhaa nyingi za ghala kwa mara moja kutoka faili la CSV au Excel (.xlsx).',
  'bulkUpload.zone': 'Buruta na uachie faili la .csv au .xlsx hapa, au bofya kuchagua',
  'bulkUpload.zoneHint': 'Faili moja, lisilozidi MB 5.',
  'bulkUpload.oneFile': 'Faili moja tu kwa wakati: {name} limechukuliwa.',
  'bulkUpload.chosen': 'Faili: {name}',
  'bulkUpload.reading': 'Inasoma faili…',
  'bulkUpload.showGuide': 'Onyesha Mwongozo',
  'bulkUpload.hideGuide': 'Ficha Mwongozo',
  'bulkUpload.guideTitle': 'Jinsi ya kuandaa faili',
  'bulkUpload.guideSwahili': 'Kiswahili',
  'bulkUpload.guide.file':
    'Tumia faili la .csv au .xlsx lisilozidi MB 5. Pakia faili moja kwa wakati mmoja.',
  'bulkUpload.guide.columns':
    'Kila mstari ni bidhaa moja yenye safu tano: jina, bei, idadi, mahali, maelezo.',
  'bulkUpload.guide.header':
    'Mstari wa kwanza unaweza kuwa kichwa chenye majina ya safu kwa Kiingereza (name, price, quantity, location, description) au Kiswahili (jina, bei, idadi, mahali, maelezo), kwa mpangilio wowote; herufi kubwa na nafasi hazijalishi. Bila kichwa, safu lazima zifuate mpangilio huu: jina, bei, idadi, mahali, maelezo.',
  'bulkUpload.guide.values':
    'Kila sehemu inahitajika. Bei na idadi ni namba kamili zisizopungua 1, zimeandikwa bila koma wala nafasi (12000, si 12,000).',
  'bulkUpload.guide.limits':
    'Bidhaa zisizozidi 10,000 kwa faili moja; mistari mitupu inarukwa. Jina na mahali vilevile vinaweza kuonekana mara moja tu katika faili.',
  'bulkUpload.guide.allOrNothing':
    'Zote au hakuna: mstari wowote ukiwa na kosa, hakuna kinachopakiwa. Rekebisha mistari iliyowekwa alama kwenye onyesho na uchague faili tena.',
  'bulkUpload.guide.update':
    'Bidhaa ambayo jina na mahali pake (bila kujali herufi kubwa) tayari vipo ghalani inasasishwa: bei, idadi na maelezo yake yanakuwa yale ya faili. Idadi inabadilishwa, haiongezwi.',
  'bulkUpload.guide.text':
    'Visanduku vinavyoanza na = + - au @ vinahifadhiwa kama maandishi yalivyoandikwa. Katika faili la .xlsx, kisanduku chenye fomula kinahifadhi thamani inayoonekana kwenye Excel.',
  'bulkUpload.guide.barcode':
    'Safu ya sita, msimbo (au barcode), si lazima: thamani inaweka msimbo pau wa bidhaa, kisanduku kitupu kinaacha ule uliopo. Msimbo mmoja unaweza kuonekana mara moja tu katika faili, na usiwe wa bidhaa nyingine ya ghala.',
  'bulkUpload.guide.example': 'Mfano wa mstari: Saruji,12000,50,Deck A,Mifuko ya kilo 50',
  'bulkUpload.guide.connection': 'Kupakia kunahitaji muunganisho wa intaneti.',
  'bulkUpload.col.row': 'Mstari',
  'bulkUpload.col.name': 'Jina',
  'bulkUpload.col.price': 'Bei',
  'bulkUpload.col.quantity': 'Idadi',
  'bulkUpload.col.location': 'Mahali',
  'bulkUpload.col.description': 'Maelezo',
  'bulkUpload.col.barcode': 'Msimbo pau',
  'bulkUpload.col.problems': 'Makosa',
  'bulkUpload.rowOk': 'Sawa',
  'bulkUpload.rowHasErrors': 'Kosa:',
  'bulkUpload.previewTitle': 'Onyesho la awali',
  'bulkUpload.summary':
    '{count, plural, one {Bidhaa # imesomwa} other {Bidhaa # zimesomwa}} kutoka {name}.',
  'bulkUpload.summaryErrors':
    '{count, plural, one {Mstari # una} other {Mistari # ina}} makosa. Rekebisha faili na ulichague tena; Thibitisha Upakiaji kitabaki kimezimwa hadi kila mstari uwe sahihi.',
  'bulkUpload.onlyErrors': 'Onyesha mistari yenye makosa tu',
  'bulkUpload.pages': 'Kurasa za onyesho',
  'bulkUpload.confirm': 'Thibitisha Upakiaji',
  'bulkUpload.cancel': 'Ghairi',
  'bulkUpload.uploading': 'Inapakia…',
  'bulkUpload.progress': 'Maendeleo ya upakiaji',
  'bulkUpload.progressSent': 'Inatuma faili: {percent}%',
  'bulkUpload.progressSaving': 'Faili limetumwa. Seva inahifadhi bidhaa…',
  'bulkUpload.offlineTitle': 'Kupakia kwa wingi kunahitaji muunganisho',
  'bulkUpload.offlineText':
    'Uko nje ya mtandao. Bado unaweza kukagua faili hapa; unganisha intaneti ili kulipakia.',
  'bulkUpload.failed': 'Upakiaji umeshindwa: {message}',
  'bulkUpload.failedStatus': 'seva imejibu kwa hali {status}',
  'bulkUpload.failedInvalid': 'seva imetuma jibu ambalo programu haielewi',
  'bulkUpload.serverRows':
    'Seva imepata makosa katika mistari iliyowekwa alama hapa chini. Hakuna kilichopakiwa.',
  'bulkUpload.successCounts':
    '{created, plural, one {Bidhaa # imeongezwa} other {Bidhaa # zimeongezwa}}, {updated, plural, one {# imesasishwa} other {# zimesasishwa}}.',
  'bulkUpload.close': 'Funga',
  'bulkUpload.message.invalidFormat': 'Muundo wa faili si sahihi. Faili la .csv au .xlsx pekee.',
  'bulkUpload.message.parseFailed': 'Imeshindwa kusoma faili. Hakikisha limeandaliwa ipasavyo.',
  'bulkUpload.message.allFieldsRequired': 'Sehemu zote zinahitajika.',
  'bulkUpload.message.price': 'Bei lazima iwe namba chanya.',
  'bulkUpload.message.quantity': 'Idadi lazima iwe namba chanya.',
  'bulkUpload.message.success': 'Bidhaa zimepakiwa kwa mafanikio.',
  'bulkUpload.message.fileRequired': 'Chagua faili la .csv au .xlsx la kupakia.',
  'bulkUpload.message.fileTooLarge': 'Faili ni kubwa mno. Ukubwa wa juu ni MB 5.',
  'bulkUpload.message.tooManyRows':
    'Faili lina mistari zaidi ya 10,000. Ligawe kuwa mafaili madogo.',
  'bulkUpload.message.zipBomb':
    'Faili hili likifunguliwa linakuwa na data nyingi kuliko orodha ya bidhaa (zaidi ya MB 32). Limekataliwa.',
  'bulkUpload.message.tooLargeToRead':
    'Faili lina data nyingi kuliko seva inavyosoma kwa mara moja. Ligawe kuwa mafaili madogo.',
  'bulkUpload.message.tooSlow':
    'Kusoma faili kumechukua zaidi ya sekunde 10. Ligawe kuwa mafaili madogo.',
  'bulkUpload.message.noRows': 'Faili halina bidhaa.',
  'bulkUpload.message.headerIncomplete':
    'Mstari wa kichwa lazima utaje safu zote tano: jina, bei, idadi, mahali, maelezo (au name, price, quantity, location, description).',
  'bulkUpload.message.duplicateRow':
    'Jina na mahali hivi vinaonekana pia kwenye mstari mwingine wa faili.',
  'bulkUpload.message.duplicateBarcode':
    'Msimbo pau huu unaonekana pia kwenye mstari mwingine wa faili.',
  'bulkUpload.message.rowsInvalid': 'Baadhi ya mistari ina makosa. Hakuna kilichopakiwa.',
  'bulkUpload.message.nameTooLong': 'Jina ni refu mno',
  'bulkUpload.message.locationTooLong': 'Mahali ni parefu mno',
  'bulkUpload.message.descriptionTooLong': 'Maelezo ni marefu mno',
};
