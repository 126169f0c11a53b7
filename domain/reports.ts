import { z } from 'zod';
import { parseCivilDate } from './business-period.ts';

/**
 * Department reports (docs/server-behaviour.md, 'Reports'), admin only. Dates are calendar days
 * (YYYY-MM-DD) in the business time zone, both inclusive, start ≤ end.
 *
 *   GET /api/v1/{dept}/reports?startDate&endDate       → application/pdf, streamed
 *        (Content-Disposition: attachment; filename="{dept}_report.pdf")
 *   GET /api/v1/{dept}/reports/rows?startDate&endDate  → ReportData (JSON), the same rows and
 *        summary, for the CSV / XLSX export made in the browser
 */
export const reportMessages = {
  /** Spec section 5. */
  selectAll: 'Please select all fields',
  badDate: 'Dates must be written as YYYY-MM-DD.',
  startAfterEnd: 'The start date must not be after the end date.',
  generated: 'Report generated successfully!',
  failed: 'Failed to generate report',
  networkFailed: 'Failed to generate report. Please check your network.',
  /** The PDF's text for a period without orders. */
  empty: 'No orders in this period.',
  /** GET …/reports/rows for a period with more rows than reportLimits.maxRows (413). */
  tooManyRows: 'This period has more than 50,000 orders. Please choose a shorter period.',
} as const;

/** The JSON rows (for CSV / XLSX) stop here; the PDF has no limit (it is streamed). */
export const reportLimits = { maxRows: 50_000 } as const;

const day = z
  .string({ error: reportMessages.selectAll })
  .min(1, reportMessages.selectAll)
  .regex(/^\d{4}-\d{2}-\d{2}$/, reportMessages.badDate)
  // A real calendar day: 2026-02-30 is refused (Date.parse would roll it over to March).
  .refine((value) => parseCivilDate(value) !== undefined, reportMessages.badDate);

export const reportQuerySchema = z
  .object({ startDate: day, endDate: day })
  .refine((query) => query.startDate <= query.endDate, {
    message: reportMessages.startAfterEnd,
    path: ['endDate'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  /** When the order was created, ISO-8601 UTC. */
  createdAt: z.string(),
  orderId: z.string(),
  /** Product name (printing: the job's description). */
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportDataSchema = z.object({
  department: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(reportRowSchema),
  summary: z.object({
    orders: z.number().int().nonnegative(),
    units: z.number().int().nonnegative(),
    revenue: z.number().int().nonnegative(),
  }),
});
export type ReportData = z.infer<typeof reportDataSchema>;
