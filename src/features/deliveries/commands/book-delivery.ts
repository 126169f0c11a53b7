import {
  deliveryCreateSchema,
  goodsReceivedMessages,
  noteNumberKey,
  type DeliveryCreateInput,
} from '../../../../domain/goods-received.ts';
import { sameLocation } from '../../../../domain/product-locations.ts';
import type { AppDatabase, DeliveryRecord, ProductRecord } from '../../../db/database.ts';
import { CommandError } from '../../../sync/command-error.ts';
import type { MirrorStep } from '../../../sync/outbox.ts';
import { runCommand, type CommandDeps, type CommandResult } from '../../../sync/run-command.ts';

/** A line as the form gives it: an existing product (at its own location) or a new product. */
export type DeliveryLineDraft =
  | { productId: string; quantity: number }
  | {
      newProduct: {
        name: string;
        description: string;
        price: number;
        quantity: number;
        location: string;
        barcode?: string | null;
        /** Normally left out (a new UUID); kept when re-running a refused delivery. */
        _id?: string;
      };
    };

export interface BookDeliveryInput {
  supplierId: string;
  noteNumber: string;
  receivedOn: string;
  lines: DeliveryLineDraft[];
  /** Normally left out (a new UUID); set when re-running a refused delivery. */
  deliveryId?: string;
}

/** The mirror tables a delivery writes: the stock and new products, the delivery, its supplier. */
function deliveryTables(db: AppDatabase) {
  return [db.products, db.deliveries, db.suppliers];
}

/** The first message of the domain's schema (the server checks the same), or nothing. */
function checked(body: unknown, now: number): DeliveryCreateInput {
  const parsed = deliveryCreateSchema(() => now).safeParse(body);
  if (!parsed.success) {
    throw new CommandError(
      'invalid',
      parsed.error.issues[0]?.message ?? goodsReceivedMessages.linesRequired,
    );
  }
  return parsed.data;
}

/** A product of this name already kept at this location in the department's mirror. */
async function keptThere(
  db: AppDatabase,
  dept: string,
  name: string,
  location: string,
): Promise<ProductRecord | undefined> {
  const key = name.trim().toLocaleLowerCase('en');
  return db.products
    .where('[department+sortName]')
    .between([dept, ''], [dept, '\uffff'])
    .filter(
      (product) =>
        product.name.trim().toLocaleLowerCase('en') === key &&
        sameLocation(product.location, location),
    )
    .first();
}

/**
 * Books a delivery (issue 25 item 3, decision 0037) in ONE Dexie transaction: every existing
 * product's stock rises in the mirror, every new product is added to it, the delivery is written
 * without a GRN number (provisional), and ONE outbox entry carries the whole delivery. The checks
 * the mirror can make come first (the server's schema, the supplier, the same note booked on this
 * tablet, a "new" product already kept at that place), so a mistake is told at once.
 */
export async function bookDelivery(
  dept: string,
  input: BookDeliveryInput,
  deps?: CommandDeps,
): Promise<CommandResult> {
  return runCommand(
    {
      department: dept,
      tables: deliveryTables,
      apply: async ({ db, now, uuid }) => {
        const deliveryId = input.deliveryId ?? uuid();
        const entryId = uuid();
        const stamp = new Date(now()).toISOString();
        const supplier = await db.suppliers.get(input.supplierId);
        if (!supplier || supplier.department !== dept) {
          throw new CommandError('invalid', goodsReceivedMessages.supplierNotFound);
        }
        const body = checked(
          {
            _id: deliveryId,
            supplierId: input.supplierId,
            noteNumber: input.noteNumber,
            receivedOn: input.receivedOn,
            lines: await Promise.all(
              input.lines.map(async (line) => {
                if ('newProduct' in line) {
                  return { newProduct: { ...line.newProduct, _id: line.newProduct._id ?? uuid() } };
                }
                const product = await db.products.get(line.productId);
                return {
                  productId: line.productId,
                  quantity: line.quantity,
                  location: product?.location ?? '',
                };
              }),
            ),
          },
          now(),
        );
        const noteKey = noteNumberKey(body.noteNumber);
        const booked = await db.deliveries
          .where('department')
          .equals(dept)
          .filter(
            (delivery) =>
              delivery._id !== deliveryId &&
              delivery.supplierId === body.supplierId &&
              noteNumberKey(delivery.noteNumber) === noteKey,
          )
          .first();
        if (booked) throw new CommandError('invalid', goodsReceivedMessages.duplicateDelivery);

        const lines: DeliveryRecord['lines'] = [];
        const rollback: MirrorStep[] = [{ op: 'delete', table: 'deliveries', key: deliveryId }];
        for (const [position, line] of body.lines.entries()) {
          if ('productId' in line) {
            const product = await db.products.get(line.productId);
            if (!product || product.department !== dept) {
              throw new CommandError('productNotFound', goodsReceivedMessages.lineProductNotFound);
            }
            await db.products.update(product._id, { quantity: product.quantity + line.quantity });
            rollback.push({
              op: 'increment',
              table: 'products',
              key: product._id,
              field: 'quantity',
              by: -line.quantity,
            });
            lines.push({
              position,
              productId: product._id,
              productName: product.name,
              location: product.location ?? line.location,
              quantity: line.quantity,
              createdProduct: false,
            });
            continue;
          }
          const fresh = line.newProduct;
          const location = fresh.location ?? '';
          if (await keptThere(db, dept, fresh.name, location)) {
            throw new CommandError('invalid', goodsReceivedMessages.lineAlreadyAtLocation);
          }
          const productId = fresh._id ?? uuid();
          await db.products.add({
            _id: productId,
            department: dept,
            name: fresh.name,
            description: fresh.description,
            price: fresh.price,
            quantity: fresh.quantity,
            image: null,
            location,
            barcode: fresh.barcode ?? null,
            reorderLevel: fresh.reorderLevel ?? null,
            version: 0,
            createdAt: stamp,
            updatedAt: stamp,
          });
          rollback.push({ op: 'delete', table: 'products', key: productId });
          lines.push({
            position,
            productId,
            productName: fresh.name,
            location,
            quantity: fresh.quantity,
            createdProduct: true,
          });
        }
        const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
        await db.deliveries.put({
          _id: deliveryId,
          department: dept,
          grnNumber: null,
          supplierId: supplier._id,
          supplierName: supplier.name,
          noteNumber: body.noteNumber,
          receivedOn: body.receivedOn,
          lineCount: lines.length,
          totalQuantity,
          lines,
          userId: '',
          userEmail: '',
          createdAt: stamp,
          updatedAt: stamp,
          pendingOutboxId: entryId,
        });
        return {
          id: entryId,
          kind: 'delivery.create',
          body,
          entityId: deliveryId,
          // The supplier too: a supplier added offline is sent first (its entry touches it).
          touches: [deliveryId, supplier._id, ...lines.map((line) => line.productId)],
          rollback,
          label: {
            key: 'sync.op.bookDelivery',
            values: { lines: lines.length, supplier: supplier.name, note: body.noteNumber },
          },
          input: body,
        };
      },
    },
    deps,
  );
}
