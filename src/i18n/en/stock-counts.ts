/**
 * Stock counts (issue 15 item 2). The domain's messages (domain/stock-counts.ts) appear here as
 * values so that a refusal from the command or the server is shown translated.
 */
export const stockCountsEn = {
  'stockCounts.nav': 'Stock counts',
  'stockCounts.title': 'Stock counts',
  'stockCounts.intro':
    'Count what is on the shelves of one location. The count is blind: it lists the products without their quantities. Counting works offline; an admin reviews the differences and applies them.',
  'stockCounts.loading': 'Reading the counts on this device…',
  'stockCounts.readFailed': 'Could not read this device’s storage. Reload the page and try again.',
  'stockCounts.notFound': 'This count is not on this device.',
  'stockCounts.back': 'Back to stock counts',
  'stockCounts.progress': '{done} of {total} counted',

  'stockCounts.progressShort': '{done} / {total}',
  'stockCounts.start.title': 'Start a count',
  'stockCounts.start.location': 'Location',
  'stockCounts.start.choose': 'Choose a location',
  'stockCounts.start.action': 'Start count',
  'stockCounts.start.queued':
    'Count of {location} requested. Counting opens once the server has started it.',
  'stockCounts.start.loadingLocations': 'Bringing the products to this device…',
  'stockCounts.start.joined': 'A count of {location} is already under way: continue it here.',
  'stockCounts.start.noLocations': 'No product on this device has a location yet.',

  'stockCounts.list.title': 'Counts',
  'stockCounts.list.empty': 'No stock counts yet',
  'stockCounts.list.emptyHint': 'Choose a location above and start the first count.',
  'stockCounts.col.location': 'Location',
  'stockCounts.col.status': 'Status',
  'stockCounts.col.started': 'Started',
  'stockCounts.col.progress': 'Counted',
  'stockCounts.col.actions': 'Actions',
  'stockCounts.col.product': 'Product',
  'stockCounts.col.counted': 'Counted',
  'stockCounts.col.expected': 'Expected',
  'stockCounts.col.variance': 'Difference',
  'stockCounts.col.adjustment': 'Stock changed by',
  'stockCounts.action.continue': 'Continue',
  'stockCounts.action.view': 'View',
  'stockCounts.action.continueOf': 'Continue counting {location}',
  'stockCounts.action.viewOf': 'View the count of {location}',

  'stockCounts.status.open': 'Open',
  'stockCounts.status.submitted': 'Submitted',
  'stockCounts.status.applied': 'Applied',
  'stockCounts.status.cancelled': 'Cancelled',
  'stockCounts.status.starting': 'Waiting to start',
  'stockCounts.status.sending': 'Waiting to sync',

  'stockCounts.sheet.title': 'Count of {location}',
  'stockCounts.sheet.startedBy': 'Started by {who} on {when}',
  'stockCounts.sheet.waitingTitle': 'Waiting for the server to start this count',
  'stockCounts.sheet.waitingText':
    'The server notes the stock of every product here when the count reaches it, so sales made while you count are not taken for losses. Counting opens as soon as it has; the request is kept on this device until then.',
  'stockCounts.sheet.blindHint':
    'Type what you find on the shelf, or scan a product to go to its line. Everything you enter is saved on this device as you go: you can stop and come back later.',
  'stockCounts.sheet.filter': 'Find in this count',
  'stockCounts.sheet.linesLabel': 'Products to count',
  'stockCounts.sheet.showMore': 'Show {count} more ({left} not shown)',
  'stockCounts.sheet.noMatch': 'No product of this count matches.',
  'stockCounts.sheet.countedOf': 'Counted quantity of {name}',
  'stockCounts.sheet.addOneOf': '+1 {name}',
  'stockCounts.sheet.placeholder': 'Quantity',
  'stockCounts.sheet.notCounted': 'Not counted',
  'stockCounts.sheet.saved': 'Counted: {count}',
  'stockCounts.sheet.scanned': '{name}: type the quantity counted.',
  'stockCounts.sheet.submit': 'Submit count',
  'stockCounts.sheet.submitTitle': 'Submit the count of {location}?',
  'stockCounts.sheet.submitAll':
    '{count, plural, one {The product is counted.} other {All # products are counted.}} The count is sent now, or when the connection returns.',
  'stockCounts.sheet.submitUncounted':
    '{count, plural, one {# product is not counted and will be recorded as 0 (none found).} other {# products are not counted and will be recorded as 0 (none found).}}',
  'stockCounts.sheet.submitted': 'Count of {location} submitted',
  'stockCounts.sheet.submittedQueued':
    'Count of {location} saved on this device. It is sent when the server can be reached.',

  'stockCounts.result.waiting':
    'Submitted on this device; it is sent to the server when the connection allows.',
  'stockCounts.result.submitted': 'Submitted. An admin reviews the differences and applies them.',
  'stockCounts.result.applied': 'Applied: the stock was changed to what was counted.',
  'stockCounts.result.cancelled': 'Cancelled: the stock was not changed.',
  'stockCounts.result.tableLabel': 'Counted products',
  'stockCounts.variance.match': 'Matches',
  'stockCounts.variance.missing': '{count} missing',
  'stockCounts.variance.surplus': '{count} more than expected',

  'stockCounts.review.summary':
    '{count, plural, one {# product differs} other {# products differ}}: {missing} short, {surplus} over.',
  'stockCounts.review.noDifference': 'Every counted product matches what was expected.',
  'stockCounts.review.apply': 'Apply adjustments',
  'stockCounts.review.applyTitle': 'Apply the adjustments?',
  'stockCounts.review.applyText':
    '{count, plural, =0 {No stock changes.} one {The stock of # product at {location} changes to what was counted.} other {The stock of # products at {location} changes to what was counted.}} Each change is recorded as a movement ‘stock count’.',
  'stockCounts.review.cancel': 'Cancel count',
  'stockCounts.review.cancelTitle': 'Cancel this count?',
  'stockCounts.review.cancelText': 'The count of {location} is closed and no stock changes.',
  'stockCounts.review.applied':
    '{count, plural, =0 {Count applied: no stock changed} one {Adjustments applied to # product} other {Adjustments applied to # products}}',
  'stockCounts.review.cancelled': 'Count cancelled',

  'stockCounts.op.start': 'Start the count of {location}',
  'stockCounts.op.submit': 'Submit the count of {location}',

  'stockCounts.msg.locationRequired': 'Please choose the location to count.',
  'stockCounts.msg.noProducts': 'There are no products at this location to count.',
  'stockCounts.msg.alreadyOpen': 'A count of this location is already under way.',
  'stockCounts.msg.notFound': 'Stock count not found',
  'stockCounts.msg.alreadySubmitted': 'This count has already been submitted.',
  'stockCounts.msg.notOpen': 'This count is no longer open.',
  'stockCounts.msg.notSubmitted': 'Only a submitted count can be applied.',
  'stockCounts.msg.alreadyApplied': 'This count has already been applied.',
  'stockCounts.msg.countedInvalid': 'Counted quantity must be a whole number, 0 or more.',
  'stockCounts.msg.countedTooLarge': 'Counted quantity is too large.',
  'stockCounts.msg.notInCount': 'This product is not in this count.',
  'stockCounts.msg.countedTwice': 'A product is listed twice in this count.',
  'stockCounts.msg.tooManyLines': 'Too many lines in one count.',
  'stockCounts.msg.invalidId': 'Invalid count id',
  'stockCounts.msg.idTaken': 'A count with this id already exists',
  'stockCounts.msg.invalidTime': 'Invalid count time',
  'stockCounts.msg.failed': 'Failed to save the count. Try again.',
};
