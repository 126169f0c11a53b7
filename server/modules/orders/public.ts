/**
 * The orders module's surface for other modules (docs/conventions.md, "Server modules"): the
 * per-department order number sequence, which printing orders share, and what a sale needs to
 * write its lines as orders exactly like single orders, and the hook that tells it when an admin
 * or manager edits or deletes one of those lines (decision 0036).
 */
export {
  insertOrder,
  nextOrderNumber,
  orderIdExists,
  orderWriteMessages,
  toOrderJson,
  type OrderRow,
} from './repository.ts';
export { onSaleLineChange, type SaleLineChange, type SaleLineListener } from './sale-line-hooks.ts';
