import { departments, type DepartmentId } from '../../domain/departments.ts';

/**
 * Where a department's orders live and which column is their money: the print-job department
 * (descriptor `pages: 'print-jobs'`) keeps jobs in `printing_orders` with `totalPrice`, every
 * product department keeps orders in `orders` with `total`. Revenue and reports read through
 * this, so a department's difference stays descriptor data rather than a name compared in SQL code.
 */
export const orderSources = {
  orders: { table: 'orders', total: 'total', orderId: 'orderId', productName: 'productName' },
  printing_orders: {
    table: 'printing_orders',
    total: 'totalPrice',
    orderId: 'receiptNumber',
    productName: 'description',
  },
} as const;

export type OrderSource = (typeof orderSources)[keyof typeof orderSources];

export function orderSourceOf(department: DepartmentId): OrderSource {
  return departments[department].pages === 'print-jobs'
    ? orderSources.printing_orders
    : orderSources.orders;
}
