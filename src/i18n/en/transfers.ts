/**
 * Godown's stock transfers (move screens) and movement logs. Values are the spec's exact English
 * texts where the spec gives one; the domain's messages (domain/transfers.ts) appear here as
 * values so that a refusal from the command or the server is shown translated.
 */
export const transfersEn = {
  // Department header links (the descriptor's menu names these keys)
  'transfers.nav.move': 'Move stock',
  'transfers.nav.logs': 'Movement logs',

  // Inventory list (/admin/move)
  'transfers.move.title': 'Move stock between locations',
  'transfers.move.search': 'Search products or scan a barcode',
  'transfers.move.loading': 'Loading products…',
  'transfers.move.empty': 'No products found',
  'transfers.move.action': 'Move',
  'transfers.move.actionOf': 'Move {name}',
  'transfers.col.name': 'Name',
  'transfers.col.location': 'Location',
  'transfers.col.quantity': 'Quantity',
  'transfers.col.status': 'Status',
  'transfers.col.actions': 'Actions',
  'transfers.pending': 'Waiting to sync',
  'transfers.noLocation': 'No location',
  // A stock count's adjustment (decision 0020): the place on the other side, and its reason.
  'transfers.stockCountPlace': 'Stock count',
  'transfers.stockCountReason': 'stock count',

  // Transfer form (/admin/move/{id})
  'transfers.form.title': 'Transfer {name}',
  'transfers.form.back': 'Back to inventory',
  'transfers.form.available': 'In stock at the origin: {count}',
  'transfers.form.origin': 'Origin',
  'transfers.form.originHelp': 'Where the product is now; it cannot be changed here.',
  'transfers.form.destination': 'Destination',
  'transfers.form.destinationHelp': 'A location in the godown, e.g. Deck A.',
  'transfers.form.quantity': 'Transfer quantity',
  'transfers.form.reason': 'Reason',
  'transfers.form.submit': 'Transfer',
  'transfers.form.sending': 'Transferring…',
  'transfers.form.savedText':
    'The stock has moved on this device. The transfer goes to the server as soon as it can be reached.',
  'transfers.form.continue': 'Continue',
  'transfers.form.loading': 'Loading product…',

  // Movement logs (/admin/movement-logs)
  'transfers.logs.title': 'Movement logs',
  'transfers.logs.search': 'Search movement logs',
  'transfers.logs.loading': 'Loading movement logs…',
  'transfers.logs.tryAgain': 'Try Again',
  'transfers.logs.col.transactionId': 'Transaction ID',
  'transfers.logs.col.product': 'Product',
  'transfers.logs.col.origin': 'From',
  'transfers.logs.col.destination': 'To',
  'transfers.logs.col.quantity': 'Quantity',
  'transfers.logs.col.direction': 'Direction',
  'transfers.logs.col.reason': 'Reason',
  'transfers.logs.col.user': 'By',
  'transfers.logs.col.date': 'Date',
  'transfers.logs.sortBy': 'Sort by {column}',
  'transfers.direction.in': 'Into deck',
  'transfers.direction.out': 'Out of deck',
  'transfers.direction.between': 'Between locations',

  // What the sync status lists for a queued transfer
  'transfers.op.move': 'Move {quantity} × {product} to {destination}',

  // Domain and server messages (domain/transfers.ts), shown translated
  'transfers.msg.quantityMin': 'Transfer quantity must be at least 1.',
  'transfers.msg.locationsRequired': 'Please provide both origin and destination locations.',
  'transfers.msg.exceedsStock': 'Transfer quantity exceeds available stock.',
  'transfers.msg.sameLocation': 'Origin and destination must be different locations.',
  'transfers.msg.reasonTooLong': 'Reason is too long',
  'transfers.msg.transferIdTaken': 'A transfer with this id already exists',
  'transfers.msg.productNotFound': 'Product not found',
  'transfers.msg.success': 'Transfer successful!',
  'transfers.msg.failed': 'Failed to process the transfer. Try again.',
  'transfers.msg.logsFailed': 'Failed to fetch movement logs',
  'transfers.msg.noLogs': 'No movement logs found',
} as const;
