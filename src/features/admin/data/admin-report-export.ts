import { businessDateTime, type Sheet } from '../../../../domain/sheet.ts';
import type { ReportData } from '../../../../domain/reports.ts';

/**
 * The report's rows as a sheet (domain/spreadsheet.ts writes it as CSV or XLSX), from
 * GET /{dept}/reports/rows (domain/reports.ts).
 */
export interface ReportLabels {
  date: string;
  orderId: string;
  product: string;
  quantity: string;
  unitPrice: string;
  total: string;
  orders: string;
  units: string;
  revenue: string;
}

/** Header, one row per order, a blank row, then the summary (orders, units, revenue). */
export function reportSheet(data: ReportData, labels: ReportLabels, timeZone?: string): Sheet {
  return [
    [labels.date, labels.orderId, labels.product, labels.quantity, labels.unitPrice, labels.total],
    ...data.rows.map((row) => [
      businessDateTime(row.createdAt, timeZone),
      row.orderId,
      row.productName,
      row.quantity,
      row.unitPrice,
      row.total,
    ]),
    [],
    [labels.orders, data.summary.orders],
    [labels.units, data.summary.units],
    [labels.revenue, data.summary.revenue],
  ];
}
