import type { KyInstance } from 'ky';
import { z } from 'zod';
import {
  auditActions,
  auditEntities,
  type AuditEntryJson,
  type AuditPage,
} from '../../../../domain/audit.ts';
import { getJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';
import type { AuditSearchParams } from './admin-audit-query.ts';

/** GET /audit (admin only), online only through the shared admin call helper. */

const changeSchema = z.object({ before: z.unknown(), after: z.unknown() }).transform(
  // The server sends both keys (null for none); a missing one reads as null, not undefined.
  (change) => ({ before: change.before ?? null, after: change.after ?? null }),
);

const entrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  madeAt: z.string().nullable(),
  userId: z.string(),
  userEmail: z.string(),
  action: z.enum(auditActions),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  department: z.string().nullable(),
  changes: z.record(z.string(), changeSchema),
}) satisfies z.ZodType<AuditEntryJson>;

const pageSchema: z.ZodType<AuditPage> = z.object({
  entries: z.array(entrySchema),
  cursor: z.string().nullable(),
});

/** One page, newest first; `cursor` in the answer asks for the next (older) one. */
export function fetchAuditPage(
  token: string,
  searchParams: AuditSearchParams,
  client: KyInstance = apiClient,
): Promise<OnlineResult<AuditPage>> {
  return getJson(token, 'audit', pageSchema, { client, searchParams });
}

/** The most entries one CSV export fetches (50 pages of the server's largest page). */
export const auditExportMax = 10_000;
export const auditExportPageSize = 200;

export type AuditExportResult =
  | { ok: true; entries: AuditEntryJson[]; capped: boolean }
  | Exclude<OnlineResult<never>, { ok: true }>;

/**
 * Every entry `queryOf(cursor)` matches, page after page, up to `max`; `capped` says entries
 * were left. `onProgress` hears the count after each page, so the screen can show it.
 */
export async function fetchAllAuditEntries(
  queryOf: (cursor: string | null) => AuditSearchParams,
  fetchPage: (params: AuditSearchParams) => Promise<OnlineResult<AuditPage>>,
  options: { max?: number; onProgress?: (count: number) => void } = {},
): Promise<AuditExportResult> {
  const max = options.max ?? auditExportMax;
  const entries: AuditEntryJson[] = [];
  let cursor: string | null = null;
  do {
    const result = await fetchPage(queryOf(cursor));
    if (!result.ok) return result;
    entries.push(...result.value.entries);
    cursor = result.value.cursor;
    options.onProgress?.(Math.min(entries.length, max));
  } while (cursor !== null && entries.length < max);
  return {
    ok: true,
    entries: entries.slice(0, max),
    capped: entries.length > max || cursor !== null,
  };
}
