import type { DepartmentId } from '../../domain/departments.ts';
import { newId } from '../../server/db/database.ts';
import type { TestApp } from './harness.ts';

/**
 * Orders written straight into the database with a chosen creation time, for the suites that
 * look at periods (stats trend, revenue, reports). The product departments' orders go to
 * `orders` and printing's to `printing_orders`, as the API would write them.
 */
let sequence = 0;

export interface SeededOrder {
  id: string;
  /** ORD-… or PR-… */
  orderId: string;
  total: number;
}

export async function insertOrderAt(
  t: Pick<TestApp, 'db'>,
  department: DepartmentId,
  createdAt: string,
  values: {
    quantity?: number;
    price?: number;
    productName?: string;
    deletedAt?: string | null;
    userId?: string;
  } = {},
): Promise<SeededOrder> {
  sequence += 1;
  const id = newId();
  const quantity = values.quantity ?? 1;
  const price = values.price ?? 1_000;
  const total = quantity * price;
  const common = {
    id,
    department,
    quantity,
    price,
    userId: values.userId ?? 'seeded',
    deletedAt: values.deletedAt ?? null,
    createdAt,
    updatedAt: createdAt,
  };
  if (department === 'printing') {
    const receiptNumber = `PR-${String(sequence).padStart(6, '0')}`;
    await t.db
      .insertInto('printing_orders')
      .values({
        ...common,
        receiptSequence: sequence,
        receiptNumber,
        description: values.productName ?? `Job ${sequence}`,
        totalPrice: total,
        contact: '+255712345678',
        category: 'books',
        version: 1,
      })
      .execute();
    return { id, orderId: receiptNumber, total };
  }
  const orderId = `ORD-T-${String(sequence).padStart(6, '0')}`;
  await t.db
    .insertInto('orders')
    .values({
      ...common,
      orderNumber: sequence,
      orderId,
      productId: newId(),
      productName: values.productName ?? `Product ${sequence}`,
      total,
      status: 'pending',
    })
    .execute();
  return { id, orderId, total };
}
