import type { inventoryEn } from '../en/inventory.ts';

/** Kiswahili for barcodes, reorder levels and 'Zimebaki chache' (docs/glossary.md). */
export const inventorySw: Record<keyof typeof inventoryEn, string> = {
  'inventory.field.barcode': 'Msimbo pau',
  'inventory.field.reorderLevel': 'Kiwango cha kuagiza upya',
  'inventory.field.optional': '(si lazima)',
  'inventory.field.reorderLevelHelp':
    'Idadi ikifika hapa au chini yake, bidhaa inaonekana kwenye Zimebaki chache. Acha wazi kutumia kiwango cha idara ({count}).',
  'inventory.msg.barcodeTooLong': 'Msimbo pau ni mrefu mno',
  'inventory.msg.barcodeInvalid': 'Msimbo pau unaweza kuwa na herufi zinazoonekana tu',
  'inventory.msg.barcodeTaken': 'Bidhaa nyingine ya idara hii ina msimbo pau huu',
  'inventory.msg.reorderLevelInvalid':
    'Kiwango cha kuagiza upya lazima kiwe namba kamili, 0 au zaidi',
  'inventory.msg.barcodeNotFound': 'Hakuna bidhaa yenye msimbo pau huu',
  'inventory.lowStock.nav': 'Zimebaki chache',
  'inventory.lowStock.navCount':
    '{count, plural, one {Bidhaa # iko kwenye kiwango cha kuagiza upya au chini yake} other {Bidhaa # ziko kwenye kiwango cha kuagiza upya au chini yake}}',
  'inventory.lowStock.title': '{name}: zimebaki chache',
  'inventory.lowStock.allTitle': 'Zimebaki chache katika idara zote',
  'inventory.lowStock.intro':
    'Bidhaa zilizofika kiwango cha kuagiza upya au chini yake, zilizo chini zaidi kwanza. Zinasomwa kutoka kifaa hiki, hivyo orodha inafanya kazi bila mtandao.',
  'inventory.lowStock.loading': 'Inasoma bidhaa zilizo kwenye kifaa hiki…',
  'inventory.lowStock.empty': 'Hakuna bidhaa iliyofika kiwango chake cha kuagiza upya.',
  'inventory.lowStock.emptyHint':
    'Weka kiwango cha kuagiza upya cha bidhaa kwenye Simamia, katika fomu ya Hariri.',
  'inventory.lowStock.tableLabel': 'Bidhaa zilizobaki chache',
  'inventory.lowStock.product': 'Bidhaa',
  'inventory.lowStock.department': 'Idara',
  'inventory.lowStock.location': 'Mahali',
  'inventory.lowStock.inStock': 'Zipo stoo',
  'inventory.lowStock.reorderLevel': 'Kiwango cha kuagiza upya',
  'inventory.lowStock.below': 'Pungufu kwa',
  'inventory.lowStock.atLevel': 'Kwenye kiwango',
  'inventory.lowStock.defaultLevel': '{count} (idara)',
  'inventory.lowStock.count': '{count, plural, one {Bidhaa #} other {Bidhaa #}}',
};
