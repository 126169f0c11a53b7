/**
 * What a receipt says, already in the reader's language, independent of how it is drawn (an A4
 * page or an 80 mm roll, receipt-pdf.ts). Kept free of jspdf so features build it cheaply and
 * test it without drawing. Each feature fills it from its own record (printing/receipt/
 * receipt-content.ts for a print job).
 */
export interface ReceiptField {
  label: string;
  value: string;
}

/**
 * One row of the goods table, each cell already formatted in the reader's language. The table
 * has the columns its headings name: a receipt's item, quantity, unit price and amount; a note
 * without prices (a goods-received note) leaves both prices out and may add `detail`, a text
 * column after the name (where the goods were put).
 */
export interface ReceiptLineItem {
  name: string;
  detail?: string;
  quantity: string;
  /** Both prices or neither: the headings decide whether the table has price columns. */
  unitPrice?: string;
  amount?: string;
}

export interface ReceiptLineItems {
  /** The column headings, in the same shape as a row. */
  headings: ReceiptLineItem;
  rows: ReceiptLineItem[];
  /** '3 items', under the table. */
  count: string;
}

export interface ReceiptContent {
  company: { name: string; lines: string[] };
  /** 'RECEIPT', or 'PROVISIONAL RECEIPT' while the server has not numbered the job. */
  title: string;
  provisional: boolean;
  /** Why the receipt is provisional; null once it carries the server's number. */
  provisionalNote: string | null;
  number: ReceiptField;
  date: ReceiptField;
  /** What was bought or ordered, as label and value (a print job's description, category…). */
  fields: ReceiptField[];
  /** The goods, one row each (an order, a sale); null for a receipt of fields only. */
  lineItems: ReceiptLineItems | null;
  total: ReceiptField;
  /** The closing line: the shop's thanks (or the admin's footer); a note's signature line. */
  thanks: string;
  /** The download's name; `receipt-{number}.pdf` when absent (receiptFileName). */
  fileName?: string;
}

/**
 * The provisional receipt number of a record the server has not numbered yet: 'OFFLINE-' and the
 * first 8 hex digits of its client UUID. That UUID is the record's id before and after sync, so
 * the number names the same record the final receipt will; 'OFFLINE-' can never be mistaken for a
 * server number.
 */
export function provisionalReceiptNumber(clientId: string): string {
  return `OFFLINE-${clientId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** 'receipt-PR-000007.pdf' / 'receipt-OFFLINE-1A2B3C4D.pdf', unless the content names its file. */
export function receiptFileName(content: ReceiptContent): string {
  return content.fileName ?? `receipt-${content.number.value}.pdf`;
}
