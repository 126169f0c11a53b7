import { bulkUploadMessages as m } from '../../../domain/bulk-upload-messages.ts';

/**
 * Godown bulk upload (/godown/admin/bulk-upload). The `bulkUpload.message.*` values are the
 * messages shared with the server (domain/bulk-upload-messages.ts), so translateMessage() finds
 * them in the server's answers and the worker's row errors. The guide (`bulkUpload.guide.*`)
 * states the rules of domain/bulk-upload.ts: change one, change the other.
 */
export const bulkUploadEn = {
  'bulkUpload.title': 'Bulk Upload Products',
  'bulkUpload.intro':
    'Add or update many godown products at once from a CSV or Excel (.xlsx) file.',
  'bulkUpload.zone': 'Drag and drop a .csv or .xlsx file here, or click to choose one',
  'bulkUpload.zoneHint': 'One file, at most 5 MB.',
  'bulkUpload.oneFile': 'Only one file at a time: {name} was taken.',
  'bulkUpload.chosen': 'File: {name}',
  'bulkUpload.reading': 'Reading the file…',
  'bulkUpload.showGuide': 'Show Guide',
  'bulkUpload.hideGuide': 'Hide Guide',
  'bulkUpload.guideTitle': 'How to prepare the file',
  'bulkUpload.guideSwahili': 'Kiswahili',
  'bulkUpload.guide.file': 'Use a .csv or .xlsx file of at most 5 MB. Upload one file at a time.',
  'bulkUpload.guide.columns':
    'Each row is one product with five columns: name, price, quantity, location, description.',
  'bulkUpload.guide.header':
    'The first row may be a header naming the columns in English (name, price, quantity, location, description) or Kiswahili (jina, bei, idadi, mahali, maelezo), in any order; capitals and spaces do not matter. Without a header the columns must be in the order name, price, quantity, location, description.',
  'bulkUpload.guide.values':
    'Every field is required. Price and quantity are whole numbers of at least 1, written without commas or spaces (12000, not 12,000).',
  'bulkUpload.guide.limits':
    'At most 10,000 products per file; empty rows are skipped. A name and location may appear only once in a file.',
  'bulkUpload.guide.allOrNothing':
    'All or nothing: if any row has an error, nothing is uploaded. Fix the rows marked in the preview and choose the file again.',
  'bulkUpload.guide.update':
    'A product whose name and location (capitals ignored) are already in the godown is updated: its price, quantity and description become those in the file. The quantity is replaced, not added.',
  'bulkUpload.guide.text':
    'Cells starting with = + - or @ are saved as the text typed. In an .xlsx file a formula cell saves the value shown in Excel.',
  'bulkUpload.guide.barcode':
    'A sixth column, barcode (or msimbo), is optional: a value sets the product’s barcode, a blank cell keeps the one it has. A barcode may appear only once in a file and must not belong to another godown product.',
  'bulkUpload.guide.example': 'Example row: Cement,12000,50,Deck A,Bags of 50 kg',
  'bulkUpload.guide.connection': 'Uploading needs an internet connection.',
  'bulkUpload.col.row': 'Row',
  'bulkUpload.col.name': 'Name',
  'bulkUpload.col.price': 'Price',
  'bulkUpload.col.quantity': 'Quantity',
  'bulkUpload.col.location': 'Location',
  'bulkUpload.col.description': 'Description',
  'bulkUpload.col.barcode': 'Barcode',
  'bulkUpload.col.problems': 'Problems',
  'bulkUpload.rowOk': 'OK',
  'bulkUpload.rowHasErrors': 'Error:',
  'bulkUpload.previewTitle': 'Preview',
  'bulkUpload.summary': '{count, plural, one {# product} other {# products}} read from {name}.',
  'bulkUpload.summaryErrors':
    '{count, plural, one {# row has} other {# rows have}} errors. Fix the file and choose it again; Confirm Upload stays off until every row is correct.',
  'bulkUpload.onlyErrors': 'Show only rows with errors',
  'bulkUpload.pages': 'Preview pages',
  'bulkUpload.confirm': 'Confirm Upload',
  'bulkUpload.cancel': 'Cancel',
  'bulkUpload.uploading': 'Uploading…',
  'bulkUpload.progress': 'Upload progress',
  'bulkUpload.progressSent': 'Sending the file: {percent}%',
  'bulkUpload.progressSaving': 'File sent. The server is saving the products…',
  'bulkUpload.offlineTitle': 'Bulk upload needs a connection',
  'bulkUpload.offlineText':
    'You are offline. You can still check a file here; connect to the internet to upload it.',
  'bulkUpload.failed': 'The upload failed: {message}',
  'bulkUpload.failedStatus': 'the server answered with status {status}',
  'bulkUpload.failedInvalid': 'the server sent an answer the app does not understand',
  'bulkUpload.serverRows':
    'The server found errors in the rows marked below. Nothing was uploaded.',
  'bulkUpload.successCounts':
    '{created, plural, one {# product created} other {# products created}}, {updated, plural, one {# updated} other {# updated}}.',
  'bulkUpload.close': 'Close',
  'bulkUpload.message.invalidFormat': m.invalidFormat,
  'bulkUpload.message.parseFailed': m.parseFailed,
  'bulkUpload.message.allFieldsRequired': m.allFieldsRequired,
  'bulkUpload.message.price': m.price,
  'bulkUpload.message.quantity': m.quantity,
  'bulkUpload.message.success': m.success,
  'bulkUpload.message.fileRequired': m.fileRequired,
  'bulkUpload.message.fileTooLarge': m.fileTooLarge,
  'bulkUpload.message.tooManyRows': m.tooManyRows,
  'bulkUpload.message.zipBomb': m.zipBomb,
  'bulkUpload.message.tooLargeToRead': m.tooLargeToRead,
  'bulkUpload.message.tooSlow': m.tooSlow,
  'bulkUpload.message.noRows': m.noRows,
  'bulkUpload.message.headerIncomplete': m.headerIncomplete,
  'bulkUpload.message.duplicateRow': m.duplicateRow,
  'bulkUpload.message.duplicateBarcode': m.duplicateBarcode,
  'bulkUpload.message.rowsInvalid': m.rowsInvalid,
  'bulkUpload.message.nameTooLong': m.nameTooLong,
  'bulkUpload.message.locationTooLong': m.locationTooLong,
  'bulkUpload.message.descriptionTooLong': m.descriptionTooLong,
};
