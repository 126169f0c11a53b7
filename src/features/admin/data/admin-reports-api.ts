import type { KyInstance } from 'ky';
import type { DepartmentId } from '../../../../domain/departments.ts';
import { reportDataSchema, type ReportData, type ReportQuery } from '../../../../domain/reports.ts';
import { getBlob, getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/** Department reports (domain/reports.ts), admin only, online only. */

/** A PDF starts with these bytes; anything else (an HTML error page from a proxy) is refused. */
const pdfMagic = '%PDF-';

/** GET /{dept}/reports?startDate&endDate: the PDF made on the server. */
export async function fetchReportPdf(
  token: string,
  department: DepartmentId,
  query: ReportQuery,
  client: KyInstance = apiClient,
): Promise<OnlineResult<Blob>> {
  const result = await getBlob(token, `${department}/reports`, {
    client,
    searchParams: { startDate: query.startDate, endDate: query.endDate },
  });
  if (!result.ok) return result;
  const head = new TextDecoder().decode(await result.value.slice(0, pdfMagic.length).arrayBuffer());
  return head === pdfMagic ? result : { ok: false, reason: 'invalid-response' };
}

/** GET /{dept}/reports/rows?startDate&endDate: the same rows and summary, for CSV and XLSX. */
export function fetchReportRows(
  token: string,
  department: DepartmentId,
  query: ReportQuery,
  client: KyInstance = apiClient,
): Promise<OnlineResult<ReportData>> {
  return getJson(token, `${department}/reports/rows`, reportDataSchema, {
    client,
    searchParams: { startDate: query.startDate, endDate: query.endDate },
  });
}
