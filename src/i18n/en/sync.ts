/**
 * Sync engine strings: what each queued write was (the failures list shows `entry.label`) and the
 * logout warning. The status indicator's own strings live with the catalog screens.
 */
export const syncEn = {
  'sync.op.placeOrder': 'Order: {quantity} × {product}',
  'sync.op.placeSale': '{lines, plural, one {Sale of # item} other {Sale of # items}}: {total}',
  'sync.op.bookDelivery':
    '{lines, plural, one {Delivery of # line} other {Delivery of # lines}}: {supplier}, note {note}',
  'sync.op.addSupplier': 'Add supplier: {supplier}',
  'sync.op.editSupplier': 'Edit supplier: {supplier}',
  'sync.op.editOrder': 'Change order: {product} to {quantity}',
  'sync.op.deleteOrder': 'Delete order: {product} ({quantity})',
  'sync.op.createProduct': 'Add product: {product}',
  'sync.op.updateProduct': 'Edit product: {product}',
  'sync.op.deleteProduct': 'Delete product: {product}',
  'sync.logout.pending':
    '{count, plural, one {You have 1 change that is not synced yet. It stays on this device and is sent when you sign in again.} other {You have # changes that are not synced yet. They stay on this device and are sent when you sign in again.}}',
  'sync.savedOnDevice': 'Saved on this tablet; it will be sent when the connection returns.',
  'sync.retryNothing': 'Nothing to retry',
  'syncStatus.serverUnreachable': 'Server unreachable',
  'syncStatus.serverUnreachableHelp':
    'The network is up but the server does not answer. Your work is kept on this device and is sent as soon as the server answers.',
  'syncStatus.newFailure': 'The server did not accept: {label}',
  'syncStatus.newFailureHelp': '{message} Open the sync status to retry or discard it.',
  'syncStatus.needsAttention': 'Needs attention',
  'syncStatus.syncingState': 'Syncing',
  'syncStatus.synced': 'Synced {time}',
  'syncStatus.syncedShort': 'Synced',
  'syncStatus.review': 'Review',
  'syncStatus.retryQuantity': 'Quantity to send',
  'syncStatus.retryEditHelp': 'Change the quantity if you need to, then press Retry.',
  'syncStatus.availableNow':
    '{count, plural, =0 {There is none in stock now.} one {There is # in stock now.} other {There are # in stock now.}}',
  'syncStatus.refusedLine': 'Item {number} ({product}):',
  'syncStatus.refusedHere.title': 'Refused — needs your decision',
  'syncStatus.refusedHere.intro':
    'The server did not accept these. Retry them (change the quantity if you need to) or discard them.',
  'syncStatus.conflict.theirs': 'On the server now: {value}',
  'syncStatus.conflict.mine': 'Yours: {value}',
  'syncStatus.conflict.none': '(none)',
  'syncStatus.conflict.help':
    'Keep theirs drops your change. Apply mine again saves yours over theirs.',
  'syncStatus.keepTheirs': 'Keep theirs',
  'syncStatus.applyMine': 'Apply mine again',
  'syncStatus.storage.checking': 'Checking the storage used…',
  'syncStatus.storage.unknown': 'This browser does not say how much storage the app uses.',
  'syncStatus.storage.used': 'Storage used on this device: {used} of {quota} ({percent}%)',
  'syncStatus.storage.nearlyFull': 'Storage is nearly full',
  'syncStatus.storage.nearlyFullHelp':
    'When it is full, new work cannot be saved on this tablet. Keep fewer days of orders (Orders page) or free space on the tablet.',
} as const;
