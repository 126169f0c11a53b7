import { z } from 'zod';
import { departments, productDepartmentIds, type ProductDepartmentId } from './departments.ts';
import { orderMessages } from './orders.ts';
import { maxNameLength, maxQuantity, productMessages, type ProductJson } from './products.ts';
import { sameLocation } from './product-locations.ts';
import { normalizeQuery } from './search.ts';

/**
 * Stock transfers between locations and their movement logs (spec sections 2, 3, 5 and 8;
 * docs/server-behaviour.md, 'Stock transfer'). One schema, `transferInputSchema`, serves the transfer
 * form, the queued outbox entry and `POST /{dept}/inventory-movement`; the display helpers below
 * are shared by the movement-logs screen and its tests.
 */
export const transferMessages = {
  // Spec section 5, in the order the form checks them.
  quantityMin: 'Transfer quantity must be at least 1.',
  locationsRequired: 'Please provide both origin and destination locations.',
  exceedsStock: 'Transfer quantity exceeds available stock.',
  // Beyond the spec: a transfer to where the stock already is would only write a log.
  sameLocation: 'Origin and destination must be different locations.',
  reasonTooLong: 'Reason is too long',
  locationTooLong: productMessages.locationTooLong,
  selectProduct: orderMessages.selectProduct,
  invalidId: 'Invalid transfer id',
  transferIdTaken: 'A transfer with this id already exists',
  destinationIdTaken: 'A product with this id already exists',
  // Spec section 8.
  productNotFound: 'Product not found',
  success: 'Transfer successful!',
  failed: 'Failed to process the transfer. Try again.',
  logsFailed: 'Failed to fetch movement logs',
  noLogs: 'No movement logs found',
} as const;

/** The departments with a stock-transfer screen in their menu (today godown). */
export const transferDepartmentIds: readonly ProductDepartmentId[] = productDepartmentIds.filter(
  (id) => departments[id].menu.some((item) => item.screen === 'admin/move'),
);

export const maxReasonLength = 500;

const locationText = z.preprocess(
  (value) => value ?? '',
  z
    .string({ error: transferMessages.locationsRequired })
    .trim()
    .min(1, { error: transferMessages.locationsRequired })
    .max(maxNameLength, { error: transferMessages.locationTooLong }),
);

const optionalUuid = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z.uuid({ error: transferMessages.invalidId }).optional(),
);

/** A plain decimal or number; anything else (blank, '1.5', 'abc') is not a whole quantity ≥ 1. */
function quantityInput(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return value ?? Number.NaN;
}

/**
 * `{productId, transferQuantity, origin, destination, reason}` plus two client ids a transfer
 * made offline carries so its records keep one id before and after sync: `_id` (the movement
 * log's id and transactionId) and `destinationProductId` (the id of the product the transfer
 * creates at the destination when none is there). The reason is optional free text.
 */
export const transferInputSchema = z
  .object({
    productId: z.preprocess(
      (value) => value ?? '',
      z
        .string({ error: transferMessages.selectProduct })
        .trim()
        .min(1, { error: transferMessages.selectProduct })
        .max(100, { error: transferMessages.productNotFound }),
    ),
    transferQuantity: z.preprocess(
      quantityInput,
      z
        .number({ error: transferMessages.quantityMin })
        .int({ error: transferMessages.quantityMin })
        .min(1, { error: transferMessages.quantityMin })
        .max(maxQuantity, { error: transferMessages.exceedsStock }),
    ),
    origin: locationText,
    destination: locationText,
    reason: z.preprocess(
      (value) => value ?? '',
      z
        .string({ error: transferMessages.reasonTooLong })
        .trim()
        .max(maxReasonLength, { error: transferMessages.reasonTooLong }),
    ),
    _id: optionalUuid,
    destinationProductId: optionalUuid,
  })
  .superRefine((input, context) => {
    if (sameLocation(input.origin, input.destination)) {
      context.addIssue({
        code: 'custom',
        path: ['destination'],
        message: transferMessages.sameLocation,
      });
    }
  });
export type TransferInput = z.output<typeof transferInputSchema>;

/**
 * The form's check, as the user sees it: the first problem's message, or null. `available` is
 * the stock at the origin as this device knows it (the server checks again).
 */
export function transferProblem(values: unknown, available: number): string | null {
  const parsed = transferInputSchema.safeParse(values);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? transferMessages.failed;
  if (parsed.data.transferQuantity > available) return transferMessages.exceedsStock;
  return null;
}

/** A movement log as the API returns it. */
export const movementLogSchema = z.object({
  _id: z.string().min(1),
  transactionId: z.string().min(1),
  productId: z.string(),
  productName: z.string(),
  /** The product the stock went to (merged into or created at the destination). */
  destinationProductId: z.string().nullable().default(null),
  origin: z.string(),
  destination: z.string(),
  transferQuantity: z.number().int(),
  reason: z.string().default(''),
  userId: z.string(),
  userEmail: z.string().default(''),
  transferDate: z.string(),
});
export type MovementLogJson = z.output<typeof movementLogSchema>;

/** The answer to a transfer: the log and both products as they are now. */
export interface TransferResult {
  message: string;
  log: MovementLogJson;
  origin: ProductJson;
  destination: ProductJson;
}

/**
 * The transaction id as the logs screen shows it: the last 8 characters after the final hyphen,
 * uppercased ('…-4e6f9a0b1c2d' → '9A0B1C2D'). An id without a hyphen is taken whole.
 */
export function shortTransactionId(transactionId: string): string {
  const tail = transactionId.slice(transactionId.lastIndexOf('-') + 1);
  return tail.slice(-8).toUpperCase();
}

/**
 * Which way the stock went, seen from the deck (spec section 2): into a location whose name
 * contains 'deck' is 'in' (green), out of one is 'out' (red), anything else 'between' (blue).
 * A transfer from one deck to another counts as 'in'.
 */
export type TransferDirection = 'in' | 'out' | 'between';

export const directionColors: Record<TransferDirection, 'green' | 'red' | 'blue'> = {
  in: 'green',
  out: 'red',
  between: 'blue',
};

const deck = 'deck';

export function transferDirection(
  log: Pick<MovementLogJson, 'origin' | 'destination'>,
): TransferDirection {
  if (log.destination.toLocaleLowerCase().includes(deck)) return 'in';
  if (log.origin.toLocaleLowerCase().includes(deck)) return 'out';
  return 'between';
}

export const movementLogSortKeys = [
  'transactionId',
  'productName',
  'origin',
  'destination',
  'transferQuantity',
  'reason',
  'transferDate',
] as const;
export type MovementLogSortKey = (typeof movementLogSortKeys)[number];
export type SortDirection = 'asc' | 'desc';

/** The spec's default order: transferDate, newest first. */
export const defaultMovementLogSort = {
  key: 'transferDate',
  direction: 'desc',
} as const satisfies {
  key: MovementLogSortKey;
  direction: SortDirection;
};

type SortableLog = Pick<MovementLogJson, MovementLogSortKey | '_id'>;

/** A sorted copy; ties keep a stable order by id so paging never shuffles rows. */
export function sortMovementLogs<T extends SortableLog>(
  logs: readonly T[],
  key: MovementLogSortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...logs].sort((a, b) => {
    const left = a[key];
    const right = b[key];
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right));
    return order !== 0 ? sign * order : a._id.localeCompare(b._id);
  });
}

/** Case-insensitive search over what the screen shows: product, locations, reason, user, id. */
export function searchMovementLogs<T extends SortableLog & Pick<MovementLogJson, 'userEmail'>>(
  logs: readonly T[],
  query: string,
): T[] {
  const needle = normalizeQuery(query);
  if (needle === '') return [...logs];
  return logs.filter((log) =>
    [
      log.productName,
      log.origin,
      log.destination,
      log.reason,
      log.userEmail,
      log.transactionId,
      shortTransactionId(log.transactionId),
    ].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}
