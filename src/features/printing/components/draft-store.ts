import { defaultPrintingCategory, printingCategories } from '../../../../domain/printing.ts';
import type { PrintJobDraft } from './print-job-form.ts';

/**
 * The submit-work form's text as typed, kept in sessionStorage per user, so a reload, a crash of
 * the tab or a failed submit never loses a customer's job half-entered. Session storage, not
 * local: a shared tablet does not keep one customer's phone number for the next day.
 */
const keyOf = (userId: string) => `printing.draft.${userId}`;

export function loadDraft(userId: string): PrintJobDraft | null {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(keyOf(userId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const text = (name: string) => {
      const value = (raw as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : '';
    };
    const category =
      printingCategories.find((c) => c === text('category')) ?? defaultPrintingCategory;
    return {
      description: text('description'),
      price: text('price'),
      quantity: text('quantity'),
      contact: text('contact'),
      category,
    };
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: PrintJobDraft): void {
  try {
    sessionStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still holds the text while the page is open.
  }
}

export function clearDraft(userId: string): void {
  try {
    sessionStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing stored.
  }
}
