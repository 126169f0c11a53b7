/**
 * Receipts of every feature (src/components/receipt/): printing them, and the shared wording of
 * a receipt of goods (an order, a sale).
 */
export const receiptsEn = {
  'receipt.print.button': 'Print receipt',
  'receipt.print.row': 'Receipt',
  'receipt.print.rowOf': 'Print the receipt of {name}',
  'receipt.print.generating': 'Preparing the receipt…',
  'receipt.print.paper': 'Paper',
  'receipt.print.a4': 'A4 page',
  'receipt.print.roll': '80 mm roll',
  'receipt.print.failed': 'Failed to generate the receipt. Please try again.',
  // A receipt of goods (receiptForLines: an order of one product, a sale of several).
  'receipt.title': 'RECEIPT',
  'receipt.provisional': 'PROVISIONAL RECEIPT',
  'receipt.provisionalNote':
    'Not yet confirmed by the server. The final receipt number is given once it is synced.',
  'receipt.number': 'Receipt No.',
  'receipt.date': 'Date',
  'receipt.phone': 'Phone',
  'receipt.tin': 'TIN',
  'receipt.col.item': 'Item',
  'receipt.col.quantity': 'Qty',
  'receipt.col.unitPrice': 'Unit price',
  'receipt.col.amount': 'Amount',
  'receipt.itemCount': '{count, plural, one {# item} other {# items}}',
  'receipt.total': 'Total',
  'receipt.thanks': 'Thank you for your business.',
};
