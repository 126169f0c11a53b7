import { z } from 'zod';
import { departments, productDepartmentIds, type ProductDepartmentId } from './departments.ts';
import { maxNameLength, maxQuantity, productMessages } from './products.ts';

/**
 * Stock counts (issue 15 item 2; decision 0020). A count is started for one location of a
 * department: the server snapshots the stock of every product there (the count's lines). The
 * tablet shows the lines without quantities (a blind count); the counter types or scans what is
 * on the shelf, offline, and submits. The server computes each line's variance
 * (domain/stock-count-variance.ts) against the snapshot plus every change of the product's stock
 * recorded after it, up to the moment the line was counted; an admin reviews the variances and
 * applies them in one transaction (a movement 'stock count' and an audit entry per product).
 *
 * One schema per contract: `startStockCountSchema` and `submitStockCountSchema` serve the screens,
 * the queued outbox entries and the routes; `stockCountSchema` is the mirrored record.
 */
export const stockCountMessages = {
  locationRequired: 'Please choose the location to count.',
  locationTooLong: productMessages.locationTooLong,
  noProducts: 'There are no products at this location to count.',
  alreadyOpen: 'A count of this location is already under way.',
  notFound: 'Stock count not found',
  alreadySubmitted: 'This count has already been submitted.',
  notOpen: 'This count is no longer open.',
  notSubmitted: 'Only a submitted count can be applied.',
  alreadyApplied: 'This count has already been applied.',
  countedInvalid: 'Counted quantity must be a whole number, 0 or more.',
  countedTooLarge: 'Counted quantity is too large.',
  notInCount: 'This product is not in this count.',
  countedTwice: 'A product is listed twice in this count.',
  tooManyLines: 'Too many lines in one count.',
  invalidId: 'Invalid count id',
  idTaken: 'A count with this id already exists',
  invalidTime: 'Invalid count time',
  failed: 'Failed to save the count. Try again.',
} as const;

/** What a count's adjustments are recorded as: the movement's reason, and its other side. */
export const stockCountReason = 'stock count';
export const stockCountPlace = 'Stock count';

export const stockCountStatuses = ['open', 'submitted', 'applied', 'cancelled'] as const;
export type StockCountStatus = (typeof stockCountStatuses)[number];

/** The departments whose menu has the counts screen (today godown, where stock has locations). */
export const stockCountDepartmentIds: readonly ProductDepartmentId[] = productDepartmentIds.filter(
  (id) => departments[id].menu.some((item) => item.screen === 'counts'),
);

/** More lines than any location holds; keeps one submission's body and transaction bounded. */
export const maxCountLines = 5000;

const countId = z.uuid({ error: stockCountMessages.invalidId });

/** `POST /{dept}/stock-counts`: the location to count; `_id` is the client's id of the count. */
export const startStockCountSchema = z.object({
  location: z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: stockCountMessages.locationRequired })
      .trim()
      .min(1, { error: stockCountMessages.locationRequired })
      .max(maxNameLength, { error: stockCountMessages.locationTooLong }),
  ),
  _id: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    countId.optional(),
  ),
});
export type StartStockCountInput = z.output<typeof startStockCountSchema>;

/** A counted quantity as typed: a whole number from 0 to maxQuantity ('' and '1.5' are not). */
export const countedQuantitySchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value ?? Number.NaN;
    const trimmed = value.trim();
    return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  },
  z
    .number({ error: stockCountMessages.countedInvalid })
    .int({ error: stockCountMessages.countedInvalid })
    .min(0, { error: stockCountMessages.countedInvalid })
    .max(maxQuantity, { error: stockCountMessages.countedTooLarge }),
);

export const countedLineSchema = z.object({
  productId: z.string({ error: stockCountMessages.notInCount }).min(1).max(100, {
    error: stockCountMessages.notInCount,
  }),
  counted: countedQuantitySchema,
  /** When the line was counted on the device: its variance counts the changes up to then. */
  countedAt: z.iso.datetime({ error: stockCountMessages.invalidTime }),
});
export type CountedLine = z.output<typeof countedLineSchema>;

/**
 * `POST /{dept}/stock-counts/:id/submit`: the counted lines. A line of the count left out is not
 * counted (its stock is not adjusted); a product outside the count, or listed twice, is refused.
 */
export const submitStockCountSchema = z
  .object({
    lines: z
      .array(countedLineSchema, { error: stockCountMessages.failed })
      .max(maxCountLines, { error: stockCountMessages.tooManyLines }),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    for (const line of input.lines) {
      if (seen.has(line.productId)) {
        context.addIssue({
          code: 'custom',
          path: ['lines'],
          message: stockCountMessages.countedTwice,
        });
        return;
      }
      seen.add(line.productId);
    }
  });
export type SubmitStockCountInput = z.output<typeof submitStockCountSchema>;

/** The outbox's input of a submission: the count's id (the path) and the body. */
export const queuedSubmitSchema = submitStockCountSchema.and(z.object({ countId }));
export type QueuedSubmitInput = z.output<typeof queuedSubmitSchema>;

/** A line of a count as the API returns it. No stock at the start: the count is blind. */
export const stockCountLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  barcode: z.string().nullable().default(null),
  /** null until counted (or when the submission left the line out). */
  counted: z.number().int().nullable().default(null),
  countedAt: z.string().nullable().default(null),
  /** Set when the count is submitted: what the shelf should have held when it was counted. */
  expected: z.number().int().nullable().default(null),
  /** counted − expected (negative: missing); null until submitted or when not counted. */
  variance: z.number().int().nullable().default(null),
  /** The change applied to the stock (0 when the product was gone); null until applied. */
  adjustment: z.number().int().nullable().default(null),
});
export type StockCountLineJson = z.output<typeof stockCountLineSchema>;

export const stockCountSchema = z.object({
  _id: z.string().min(1),
  location: z.string(),
  status: z.enum(stockCountStatuses),
  startedAt: z.string(),
  startedBy: z.string().default(''),
  submittedAt: z.string().nullable().default(null),
  submittedBy: z.string().nullable().default(null),
  closedAt: z.string().nullable().default(null),
  closedBy: z.string().nullable().default(null),
  updatedAt: z.string(),
  lines: z.array(stockCountLineSchema),
});
export type StockCountJson = z.output<typeof stockCountSchema>;

/** How far a count has come: lines counted of all. */
export function countProgress(
  lines: readonly Pick<StockCountLineJson, 'productId'>[],
  counted: Readonly<Record<string, unknown>>,
): { done: number; total: number } {
  return {
    done: lines.filter((line) => counted[line.productId] !== undefined).length,
    total: lines.length,
  };
}

/** The lines an admin must look at: every line whose count differs from what was expected. */
export function linesWithVariance<T extends Pick<StockCountLineJson, 'variance'>>(
  lines: readonly T[],
): T[] {
  return lines.filter((line) => line.variance !== null && line.variance !== 0);
}
