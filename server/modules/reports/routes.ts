import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { inclusiveDaysPeriod } from '../../../domain/business-period.ts';
import { departmentIds, type DepartmentId } from '../../../domain/departments.ts';
import {
  reportLimits,
  reportMessages,
  reportQuerySchema,
  type ReportData,
  type ReportRow,
} from '../../../domain/reports.ts';
import { clockOf, type AppContext } from '../../context.ts';
import { httpError } from '../../http-errors.ts';
import { requireManager } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { readSettings, toSettingsInput } from '../settings/public.ts';
import { createReportPdf } from './pdf.ts';
import { addToSummary, countReportRows, reportPages, type ReportSummary } from './rows.ts';

/**
 * Department reports (admin; domain/reports.ts), over inclusive whole days in BUSINESS_TZ:
 *
 *   GET /{dept}/reports?startDate&endDate       → the PDF, streamed as it is written
 *   GET /{dept}/reports/rows?startDate&endDate  → ReportData JSON for the browser's CSV / XLSX,
 *        at most reportLimits.maxRows rows (413 reportMessages.tooManyRows beyond: a partial
 *        export would look complete)
 *
 * Both read the orders in keyset pages (rows.ts), so memory stays bounded for any period.
 */

/** 'fresh-oil' → 'Fresh Oil' (the server has no i18n; reports are in English). */
export function departmentName(department: DepartmentId): string {
  return department
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * pdfkit pushes its output without waiting for the reader; above this many unread bytes the
 * writer pauses (a slow client must not make the server hold the whole PDF).
 */
const maxUnreadBytes = 4 * 1024 * 1024;

async function readerCaughtUp(stream: { readableLength: number; destroyed: boolean }) {
  while (stream.readableLength > maxUnreadBytes && !stream.destroyed) await sleep(5);
}

export async function reportsRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, config } = options;
  const clock = clockOf(options);
  const timeZone = config.businessTz;

  for (const department of departmentIds) {
    // A department's admin function: admins and its manager (docs/decisions/0038).
    const manager = { preHandler: requireManager(department) };
    app.get(`/${department}/reports`, manager, async (request, reply) => {
      const query = parseInput(reportQuerySchema, request.query);
      const period = inclusiveDaysPeriod(query.startDate, query.endDate, timeZone);
      const company = toSettingsInput(await readSettings(db));
      const pages = reportPages(db, department, period);
      // The first page is read before the answer starts, so a failing database is still a
      // plain JSON error rather than a broken PDF.
      const first = await pages.next();
      const report = createReportPdf({
        company,
        departmentName: departmentName(department),
        startDate: query.startDate,
        endDate: query.endDate,
        timeZone,
        generatedAt: clock(),
      });
      const summary: ReportSummary = { orders: 0, units: 0, revenue: 0 };
      const write = async () => {
        let page: IteratorResult<ReportRow[]> = first;
        while (!page.done) {
          if (report.doc.destroyed) return;
          report.addRows(page.value);
          addToSummary(summary, page.value);
          await readerCaughtUp(report.doc);
          page = await pages.next();
        }
        report.finish(summary);
      };
      write().catch((error: unknown) => {
        request.log.error({ err: error }, 'report: writing the PDF failed');
        report.doc.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${department}_report.pdf"`)
        .header('cache-control', 'no-store')
        .send(report.doc);
    });

    app.get(`/${department}/reports/rows`, manager, async (request): Promise<ReportData> => {
      const query = parseInput(reportQuerySchema, request.query);
      const period = inclusiveDaysPeriod(query.startDate, query.endDate, timeZone);
      // Counted first so a too long period costs one indexed count, not 50,000 rows read.
      if ((await countReportRows(db, department, period)) > reportLimits.maxRows) {
        throw httpError(413, reportMessages.tooManyRows);
      }
      const rows: ReportRow[] = [];
      const summary: ReportSummary = { orders: 0, units: 0, revenue: 0 };
      for await (const page of reportPages(db, department, period)) {
        // Orders placed while reading may still push it over.
        if (rows.length + page.length > reportLimits.maxRows) {
          throw httpError(413, reportMessages.tooManyRows);
        }
        rows.push(...page);
        addToSummary(summary, page);
      }
      return {
        department,
        startDate: query.startDate,
        endDate: query.endDate,
        rows,
        summary,
      };
    });
  }
}
