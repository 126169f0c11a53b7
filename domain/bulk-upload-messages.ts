/**
 * Texts of the godown bulk upload shared by the server and the PWA (spec sections 2, 5 and 8;
 * the limits are docs/server-behaviour.md's 'Bulk upload'). Kept apart from the rules in bulk-upload.ts, which need
 * zod: the PWA's dictionaries import these texts so translateMessage() can find them.
 */
export const bulkUploadMessages = {
  // spec section 5
  invalidFormat: 'Invalid file format. Only .csv or .xlsx allowed.',
  parseFailed: 'Failed to parse the file. Ensure it is properly formatted.',
  allFieldsRequired: 'All fields are required.',
  price: 'Price must be a positive number.',
  quantity: 'Quantity must be a positive number.',
  success: 'The products have been uploaded successfully.',
  // our limits and answers (docs/server-behaviour.md, 'Bulk upload')
  fileRequired: 'Choose a .csv or .xlsx file to upload.',
  fileTooLarge: 'The file is too large. The maximum size is 5 MB.',
  tooManyRows: 'The file has more than 10,000 rows. Split it into smaller files.',
  zipBomb:
    'The spreadsheet unpacks to far more data than a product list holds (over 32 MB). It was refused.',
  tooLargeToRead:
    'The file holds more data than the server reads at once. Split it into smaller files.',
  tooSlow: 'Reading the file took longer than 10 seconds. Split it into smaller files.',
  noRows: 'The file contains no products.',
  headerIncomplete:
    'The header row must name all five columns: name, price, quantity, location, description (or jina, bei, idadi, mahali, maelezo).',
  duplicateRow: 'The same name and location appear on another row of the file.',
  duplicateBarcode: 'The same barcode appears on another row of the file.',
  rowsInvalid: 'Some rows have errors. Nothing was uploaded.',
  nameTooLong: 'Name is too long',
  locationTooLong: 'Location is too long',
  descriptionTooLong: 'Description is too long',
} as const;

export type BulkUploadMessage = (typeof bulkUploadMessages)[keyof typeof bulkUploadMessages];
