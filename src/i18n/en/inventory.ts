/** Barcodes, reorder levels and the 'Low stock' pages (issue 15). */
export const inventoryEn = {
  'inventory.field.barcode': 'Barcode',
  'inventory.field.reorderLevel': 'Reorder level',
  'inventory.field.optional': '(optional)',
  'inventory.field.reorderLevelHelp':
    'At or below this quantity the product is on Low stock. Leave blank for the department’s level ({count}).',
  'inventory.msg.barcodeTooLong': 'Barcode is too long',
  'inventory.msg.barcodeInvalid': 'Barcode may contain printable characters only',
  'inventory.msg.barcodeTaken': 'Another product in this department has this barcode',
  'inventory.msg.reorderLevelInvalid': 'Reorder level must be a whole number, 0 or more',
  'inventory.msg.barcodeNotFound': 'No product with this barcode',
  'inventory.lowStock.nav': 'Low stock',
  'inventory.lowStock.navCount':
    '{count, plural, one {# product at or below its reorder level} other {# products at or below their reorder level}}',
  'inventory.lowStock.title': '{name}: low stock',
  'inventory.lowStock.allTitle': 'Low stock in every department',
  'inventory.lowStock.intro':
    'Products at or below their reorder level, furthest below first. Read from this device, so the list works offline.',
  'inventory.lowStock.loading': 'Reading the products on this device…',
  'inventory.lowStock.empty': 'No product is at or below its reorder level.',
  'inventory.lowStock.emptyHint': 'Set a product’s reorder level on Manage, in its Edit form.',
  'inventory.lowStock.tableLabel': 'Low-stock products',
  'inventory.lowStock.product': 'Product',
  'inventory.lowStock.department': 'Department',
  'inventory.lowStock.location': 'Location',
  'inventory.lowStock.inStock': 'In stock',
  'inventory.lowStock.reorderLevel': 'Reorder level',
  'inventory.lowStock.below': 'Below by',
  'inventory.lowStock.atLevel': 'At the level',
  'inventory.lowStock.defaultLevel': '{count} (department)',
  'inventory.lowStock.count': '{count, plural, one {# product} other {# products}}',
} as const;
