import { businessTimeZone } from '../../../domain/company.ts';
import { formatTsh } from '../../../domain/money.ts';
import { departmentName } from '../../i18n/department-name.ts';
import type { Language } from '../../i18n/dictionaries.ts';
import { formatDateTime } from '../../i18n/format.ts';
import type { TranslateFn } from '../../i18n/i18n.tsx';
import type { ReceiptCompany } from './receipt-company.ts';
import type { ReceiptContent } from './receipt-content.ts';

/** One line of goods: amounts in whole shillings (domain/money.ts). */
export interface ReceiptLineInput {
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** A receipt of goods: an order of one product, a sale of several. */
export interface LinesReceipt {
  /** The server's number ('ORD-HW-000123'), or `provisionalReceiptNumber(clientId)`. */
  number: string;
  /** True until the server has confirmed the record: the receipt says so, in red. */
  provisional: boolean;
  /** ISO-8601; printed in the shop's time zone. */
  createdAt: string;
  /** The department id ('hardware'); printed as its name in the reader's language. */
  department: string;
  lines: ReceiptLineInput[];
  /** The record's own total, as the server counts it (not re-added here). */
  total: number;
}

export interface ReceiptTextOptions {
  t: TranslateFn;
  language: Language;
  /** From `readReceiptCompany()`; `downloadReceiptPdf` passes it to its `build`. */
  company: ReceiptCompany;
}

/**
 * The content of a receipt of goods, in the reader's language: the company header with the
 * department, the number (provisional and marked, or final), the date, a table of the lines
 * (item, quantity, unit price, amount) and the total. Drawn by receipt-pdf.ts on A4 (paginated)
 * or an 80 mm roll (as long as its lines).
 */
/** The header every document of goods carries: the company from Settings and the department. */
export function receiptCompanyHeader(
  { t, company }: Pick<ReceiptTextOptions, 't' | 'company'>,
  department: string,
): ReceiptContent['company'] {
  return {
    name: company.name,
    lines: [
      company.address,
      `${t('receipt.phone')}: ${company.phone}`,
      `${t('receipt.tin')}: ${company.tin}`,
      departmentName(t, department),
    ],
  };
}

export function receiptForLines(
  receipt: LinesReceipt,
  options: ReceiptTextOptions,
): ReceiptContent {
  const { t, language, company } = options;
  const { provisional } = receipt;
  return {
    company: receiptCompanyHeader(options, receipt.department),
    title: provisional ? t('receipt.provisional') : t('receipt.title'),
    provisional,
    provisionalNote: provisional ? t('receipt.provisionalNote') : null,
    number: { label: t('receipt.number'), value: receipt.number },
    date: {
      label: t('receipt.date'),
      // The shop's time, whatever zone the tablet is set to.
      value: formatDateTime(receipt.createdAt, language, { timeZone: businessTimeZone }),
    },
    fields: [],
    lineItems: {
      headings: {
        name: t('receipt.col.item'),
        quantity: t('receipt.col.quantity'),
        unitPrice: t('receipt.col.unitPrice'),
        amount: t('receipt.col.amount'),
      },
      rows: receipt.lines.map((line) => ({
        name: line.name,
        quantity: String(line.quantity),
        unitPrice: formatTsh(line.unitPrice),
        amount: formatTsh(line.lineTotal),
      })),
      count: t('receipt.itemCount', { count: receipt.lines.length }),
    },
    total: { label: t('receipt.total'), value: formatTsh(receipt.total) },
    thanks: company.receiptFooter.trim() === '' ? t('receipt.thanks') : company.receiptFooter,
  };
}
