import {
  defaultPrintingCategory,
  printingOrderSchema,
  type PrintingCategory,
  type PrintingOrderInput,
} from '../../../../domain/printing.ts';
import { orderTotal } from '../../../../domain/orders.ts';

/**
 * The submit-work form's state and rules, without React. Fields are kept as typed (strings), and
 * checked with the same domain schema the command, the outbox entry and the server use, so the
 * form says exactly what the server would.
 */
export interface PrintJobDraft {
  description: string;
  price: string;
  quantity: string;
  contact: string;
  category: PrintingCategory;
}

export const emptyDraft: PrintJobDraft = {
  description: '',
  price: '',
  quantity: '',
  contact: '',
  category: defaultPrintingCategory,
};

export type DraftCheck = { ok: true; input: PrintingOrderInput } | { ok: false; message: string };

/** The first problem, in the form's order, as the spec's English message; or the parsed job. */
export function checkDraft(draft: PrintJobDraft): DraftCheck {
  const parsed = printingOrderSchema.safeParse(draft);
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid input' };
}

/** price × quantity while both read as valid amounts, so the total follows the typing; else null. */
export function draftTotal(draft: Pick<PrintJobDraft, 'price' | 'quantity'>): number | null {
  const price = printingOrderSchema.shape.price.safeParse(draft.price);
  const quantity = printingOrderSchema.shape.quantity.safeParse(draft.quantity);
  if (!price.success || !quantity.success) return null;
  return orderTotal(price.data, quantity.data);
}

/** A stored job's fields as the form shows them (the admin's Edit dialog). */
export function draftOf(job: {
  description: string;
  price: number;
  quantity: number;
  contact: string;
  category: PrintingCategory;
}): PrintJobDraft {
  return {
    description: job.description,
    price: String(job.price),
    quantity: String(job.quantity),
    contact: job.contact,
    category: job.category,
  };
}
