import { maxSaleLines, saleMessages } from '../../../../domain/sales.ts';
import { db as defaultDb, type AppDatabase, type SaleDraftRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import { requireQuantity } from '../../department/catalog-command.ts';

/**
 * The basket being filled on this device, one per department (decision 0036): every change is
 * written to IndexedDB at once, so a reload, a closed tab or a flat battery keeps it. Nothing
 * here is queued: placing the sale (place-sale.ts) sends the basket and empties it. A product is
 * in a basket at most once: adding it again raises its quantity.
 */
interface DraftDeps {
  db?: AppDatabase;
  now?: () => number;
}

async function change(
  dept: string,
  deps: DraftDeps,
  edit: (lines: SaleDraftRecord['lines']) => SaleDraftRecord['lines'],
): Promise<SaleDraftRecord['lines']> {
  const db = deps.db ?? defaultDb;
  const now = deps.now ?? Date.now;
  return db.transaction('rw', db.saleDrafts, async () => {
    const draft = await db.saleDrafts.get(dept);
    const lines = edit(draft?.lines ?? []);
    if (lines.length === 0) await db.saleDrafts.delete(dept);
    else {
      await db.saleDrafts.put({
        department: dept,
        lines,
        updatedAt: new Date(now()).toISOString(),
      });
    }
    return lines;
  });
}

/** Adds one unit of a product (a tap or a scan): a new line, or one more of an existing one. */
export function addToBasket(
  dept: string,
  productId: string,
  deps: DraftDeps = {},
): Promise<SaleDraftRecord['lines']> {
  return change(dept, deps, (lines) => {
    if (lines.some((line) => line.productId === productId)) {
      return lines.map((line) =>
        line.productId === productId ? { ...line, quantity: line.quantity + 1 } : line,
      );
    }
    if (lines.length >= maxSaleLines) throw new CommandError('invalid', saleMessages.tooManyLines);
    return [...lines, { productId, quantity: 1 }];
  });
}

/** Sets a line's quantity (at least 1; removing is its own action). */
export async function setBasketQuantity(
  dept: string,
  productId: string,
  quantity: number,
  deps: DraftDeps = {},
): Promise<SaleDraftRecord['lines']> {
  requireQuantity(quantity);
  return change(dept, deps, (lines) =>
    lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)),
  );
}

export function removeFromBasket(
  dept: string,
  productId: string,
  deps: DraftDeps = {},
): Promise<SaleDraftRecord['lines']> {
  return change(dept, deps, (lines) => lines.filter((line) => line.productId !== productId));
}

export async function clearBasket(dept: string, deps: DraftDeps = {}): Promise<void> {
  await change(dept, deps, () => []);
}
