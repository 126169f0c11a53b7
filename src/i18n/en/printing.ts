/**
 * The printing department's screens (submit work, printing orders, order details) and its
 * receipt. Values are the spec's exact English texts where the spec gives one; the domain's
 * messages (domain/printing.ts) appear here as values so they are shown translated.
 */
export const printingEn = {
  // Header navigation
  'printing.nav.label': 'Printing navigation',
  'printing.nav.submit': 'Submit work',
  'printing.nav.orders': 'Orders',

  // Submit-work form
  'printing.submit.title': 'Submit Print Work',
  'printing.field.description': 'Description',
  'printing.field.descriptionHelp': 'What to print: size, paper, colours, wording.',
  'printing.field.price': 'Price per item (Tsh)',
  'printing.field.quantity': 'Quantity',
  'printing.field.contact': 'Contact',
  'printing.field.contactHelp': "Customer's phone: +255 or 0 followed by 9 digits.",
  'printing.field.category': 'Category',
  'printing.category.books': 'Books',
  'printing.category.magazine': 'Magazine',
  'printing.category.clothing': 'Clothing',
  'printing.category.cards': 'Cards',
  'printing.category.banners': 'Banners',
  'printing.category.cups': 'Cups',
  'printing.category.bags': 'Bags',
  'printing.total': 'Total',
  'printing.submit.button': 'Submit Order',
  'printing.submit.sending': 'Submitting…',
  'printing.invalidFields': 'Please fill in all fields with valid values.',
  'printing.invalidContact': 'Enter a Tanzanian phone number: +255 or 0 followed by 9 digits.',
  'printing.invalidCategory':
    'Choose a category: books, magazine, clothing, cards, banners, cups, bags.',
  'printing.submitted': 'Order Submitted Successfully!',
  'printing.submittedText':
    'The print job is saved on this device and goes to the server as soon as it can be reached.',
  'printing.continue': 'Continue',
  'printing.createFailed': 'Failed to create order',
  'printing.createError': 'Error creating order: {message}',

  // Orders list
  'printing.orders.title': 'Printing Orders',
  'printing.orders.loading': 'Loading orders…',
  'printing.orders.tabsLabel': 'Period',
  'printing.orders.tab.all': 'All Orders',
  'printing.orders.tab.today': 'Today',
  'printing.orders.tab.week': 'This Week',
  'printing.orders.tab.month': 'This Month',
  'printing.orders.col.description': 'Description',
  'printing.orders.col.quantity': 'Quantity',
  'printing.orders.col.total': 'Total Price',
  'printing.orders.col.actions': 'Actions',
  'printing.orders.units': '{count, plural, one {# unit} other {# units}}',
  'printing.orders.details': 'Details',
  'printing.orders.edit': 'Edit',
  'printing.orders.delete': 'Delete',
  'printing.orders.detailsOf': 'Details of the order {name}',
  'printing.orders.editOf': 'Edit the order {name}',
  'printing.orders.deleteOf': 'Delete the order {name}',
  'printing.orders.empty': 'No orders available',
  'printing.orders.emptyPeriod': 'No orders found for the selected time period',
  'printing.orders.waitingToSync': 'Waiting to sync',
  'printing.edit.title': 'Edit Order',
  'printing.edit.save': 'Save Changes',
  'printing.edit.saving': 'Saving…',
  'printing.delete.title': 'Confirm Delete',
  'printing.delete.text':
    'Are you sure you want to delete this order? This action cannot be undone.',
  'printing.updated': 'Order updated successfully',
  'printing.updateFailed': 'Failed to update order',
  'printing.deleted': 'Order deleted successfully',
  'printing.deleteFailed': 'Failed to delete the order',
  'printing.error': 'Error: {message}',

  // Order details
  'printing.detail.title': 'Order Details',
  'printing.detail.back': 'Back to Orders',
  'printing.detail.loading': 'Loading order details…',
  'printing.detail.loadFailed': 'Failed to load order details. Please try again later.',
  'printing.detail.notFound': 'No order details found.',
  'printing.detail.reload': 'Reload',
  'printing.detail.receiptNumber': 'Receipt No.',
  'printing.detail.provisional': 'Provisional until synced',
  'printing.detail.orderDate': 'Order Date',
  'printing.detail.unitPrice': 'Unit Price',
  'printing.detail.totalAmount': 'Total Amount',
  'printing.detail.createdAt': 'Created At',
  'printing.detail.updatedAt': 'Last Updated',
  'printing.print.button': 'Print Order',

  // The receipt PDF
  'printing.receipt.title': 'RECEIPT',
  'printing.receipt.provisional': 'PROVISIONAL RECEIPT',
  'printing.receipt.provisionalNote':
    'Not yet confirmed by the server. The final receipt number is given once the job is synced.',
  'printing.receipt.number': 'Receipt No.',
  'printing.receipt.date': 'Date',
  'printing.receipt.phone': 'Phone',
  'printing.receipt.tin': 'TIN',
  'printing.receipt.department': 'Printing department',
  'printing.receipt.description': 'Description',
  'printing.receipt.category': 'Category',
  'printing.receipt.quantity': 'Quantity',
  'printing.receipt.unitPrice': 'Unit price',
  'printing.receipt.total': 'Total',
  'printing.receipt.contact': 'Contact',
  'printing.receipt.thanks': 'Thank you for your business.',

  // Queued writes in the sync status
  'printing.op.create': 'Print job: {quantity} × {description}',
  'printing.op.edit': 'Change print job: {description} ({quantity})',
  'printing.op.delete': 'Delete print job: {description} ({quantity})',
};
