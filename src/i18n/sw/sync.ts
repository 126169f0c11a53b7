import type { syncEn } from '../en/sync.ts';

/** Kiswahili for the sync engine strings. Terms follow the glossary (oda, bidhaa). */
export const syncSw: Record<keyof typeof syncEn, string> = {
  'sync.op.placeOrder': 'Oda: {quantity} × {product}',
  'sync.op.placeSale':
    '{lines, plural, one {Mauzo ya bidhaa #} other {Mauzo ya bidhaa #}}: {total}',
  'sync.op.bookDelivery':
    '{lines, plural, one {Mapokezi ya mstari #} other {Mapokezi ya mistari #}}: {supplier}, hati {note}',
  'sync.op.addSupplier': 'Ongeza msambazaji: {supplier}',
  'sync.op.editSupplier': 'Hariri msambazaji: {supplier}',
  'sync.op.editOrder': 'Badilisha oda: {product} kuwa {quantity}',
  'sync.op.deleteOrder': 'Futa oda: {product} ({quantity})',
  'sync.op.createProduct': 'Ongeza bidhaa: {product}',
  'sync.op.updateProduct': 'Hariri bidhaa: {product}',
  'sync.op.deleteProduct': 'Futa bidhaa: {product}',
  'sync.logout.pending':
    'Una mabadiliko {count} ambayo bado hayajatumwa. Yatabaki kwenye kifaa hiki na yatatumwa utakapoingia tena.',
  'syncStatus.serverUnreachable': 'Seva haipatikani',
  'syncStatus.serverUnreachableHelp':
    'Mtandao upo lakini seva haijibu. Kazi yako imehifadhiwa kwenye kifaa hiki na itatumwa mara seva itakapojibu.',
  'syncStatus.newFailure': 'Seva haikukubali: {label}',
  'syncStatus.newFailureHelp': '{message} Fungua hali ya usawazishaji ili ujaribu tena au uiache.',
  'sync.savedOnDevice': 'Imehifadhiwa kwenye kifaa; itatumwa mtandao ukirudi.',
  'sync.retryNothing': 'Hakuna cha kujaribu tena',
  'syncStatus.needsAttention': 'Inahitaji uangalizi',
  'syncStatus.syncingState': 'Inasawazisha',
  'syncStatus.synced': 'Imesawazishwa {time}',
  'syncStatus.syncedShort': 'Imesawazishwa',
  'syncStatus.review': 'Kagua',
  'syncStatus.retryQuantity': 'Idadi ya kutuma',
  'syncStatus.retryEditHelp': 'Badilisha idadi ukihitaji, kisha bonyeza Jaribu tena.',
  'syncStatus.availableNow':
    '{count, plural, =0 {Hakuna kilichobaki stoo sasa.} one {Kimebaki # tu stoo sasa.} other {Vimebaki # tu stoo sasa.}}',
  'syncStatus.refusedLine': 'Bidhaa ya {number} ({product}):',
  'syncStatus.refusedHere.title': 'Imekataliwa — inahitaji uamuzi wako',
  'syncStatus.refusedHere.intro':
    'Seva haikukubali hizi. Zijaribu tena (badilisha idadi ukihitaji) au uziache.',
  'syncStatus.conflict.theirs': 'Sasa kwenye seva: {value}',
  'syncStatus.conflict.mine': 'Yako: {value}',
  'syncStatus.conflict.none': '(hakuna)',
  'syncStatus.conflict.help':
    '"Baki na yao" inafuta badiliko lako. "Weka yangu tena" inahifadhi yako badala ya yao.',
  'syncStatus.keepTheirs': 'Baki na yao',
  'syncStatus.applyMine': 'Weka yangu tena',
  'syncStatus.storage.checking': 'Inakagua nafasi iliyotumika…',
  'syncStatus.storage.unknown': 'Kivinjari hiki hakionyeshi nafasi ambayo programu inatumia.',
  'syncStatus.storage.used':
    'Nafasi iliyotumika kwenye kifaa hiki: {used} kati ya {quota} ({percent}%)',
  'syncStatus.storage.nearlyFull': 'Nafasi inakaribia kujaa',
  'syncStatus.storage.nearlyFullHelp':
    'Ikijaa, kazi mpya haitaweza kuhifadhiwa kwenye kompyuta kibao hii. Hifadhi oda za siku chache zaidi (ukurasa wa Oda) au futa vitu visivyohitajika kwenye kompyuta kibao.',
};
