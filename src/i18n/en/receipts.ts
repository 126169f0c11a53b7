/**
 * Receipts of every feature (src/components/receipt/): printing them, and the shared wording of
 * a receipt of goods (an order, a sale).
 */
export const receiptsEn = {
  'receipt.print.generating': 'Preparing the receipt…',
  'receipt.print.paper': 'Paper',
  'receipt.print.a4': 'A4 page',
  'receipt.print.roll': '80 mm roll',
  'receipt.print.failed': 'Failed to generate the receipt. Please try again.',
};
