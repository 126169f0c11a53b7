import { businessTimeZone, type CompanyDetails } from '../../../../domain/company.ts';
import { formatTsh } from '../../../../domain/money.ts';
import type { PrintingOrderRecord } from '../../../db/database.ts';
import type { Language } from '../../../i18n/dictionaries.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import type { TranslateFn } from '../../../i18n/i18n.tsx';
import {
  provisionalReceiptNumber,
  type ReceiptContent,
} from '../../../components/receipt/receipt-content.ts';

/** The job's receipt number: the server's PR- number, or a provisional one from its client id. */
export function receiptNumberOf(job: Pick<PrintingOrderRecord, '_id' | 'receiptNumber'>): {
  number: string;
  provisional: boolean;
} {
  if (job.receiptNumber) return { number: job.receiptNumber, provisional: false };
  return { number: provisionalReceiptNumber(job._id), provisional: true };
}

/** '+255 712 345 678' for '+255712345678'; anything else as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+255(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return match ? `+255 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

const categoryKeys = {
  books: 'printing.category.books',
  magazine: 'printing.category.magazine',
  clothing: 'printing.category.clothing',
  cards: 'printing.category.cards',
  banners: 'printing.category.banners',
  cups: 'printing.category.cups',
  bags: 'printing.category.bags',
} as const;

export function categoryLabel(t: TranslateFn, category: PrintingOrderRecord['category']): string {
  return t(categoryKeys[category]);
}

/**
 * What a print job's receipt says, in the user's language (the content model, its drawing and
 * the download are shared: src/components/receipt/).
 */
export function receiptContent(
  job: PrintingOrderRecord,
  options: {
    t: TranslateFn;
    language: Language;
    company: CompanyDetails;
    /** The admin's receipt footer (settings); blank or absent: the receipt's own thanks. */
    footer?: string;
  },
): ReceiptContent {
  const { t, language, company } = options;
  const footer = options.footer?.trim() ?? '';
  const { number, provisional } = receiptNumberOf(job);
  return {
    company: {
      name: company.name,
      lines: [
        company.address,
        `${t('printing.receipt.phone')}: ${company.phone}`,
        `${t('printing.receipt.tin')}: ${company.tin}`,
        t('printing.receipt.department'),
      ],
    },
    title: provisional ? t('printing.receipt.provisional') : t('printing.receipt.title'),
    provisional,
    provisionalNote: provisional ? t('printing.receipt.provisionalNote') : null,
    number: { label: t('printing.receipt.number'), value: number },
    date: {
      label: t('printing.receipt.date'),
      // The shop's time, whatever zone the tablet is set to.
      value: formatDateTime(job.createdAt, language, { timeZone: businessTimeZone }),
    },
    fields: [
      { label: t('printing.receipt.description'), value: job.description },
      { label: t('printing.receipt.category'), value: categoryLabel(t, job.category) },
      { label: t('printing.receipt.quantity'), value: String(job.quantity) },
      { label: t('printing.receipt.unitPrice'), value: formatTsh(job.price) },
      { label: t('printing.receipt.contact'), value: formatPhone(job.contact) },
    ],
    lineItems: null,
    total: { label: t('printing.receipt.total'), value: formatTsh(job.totalPrice) },
    thanks: footer === '' ? t('printing.receipt.thanks') : footer,
  };
}
