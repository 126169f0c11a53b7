import type { KyInstance } from 'ky';
import { z } from 'zod';
import {
  companySettingsSchema,
  passwordChangedSchema,
  type CompanySettings,
  type CompanySettingsInput,
  type PasswordChangeInput,
} from '../../../../domain/settings.ts';
import { serverStatusSchema, type ServerStatusJson } from '../../../../domain/server-status.ts';
import { getJson, sendJson, type OnlineResult } from '../../../api/admin-online-api.ts';
import { apiClient } from '../../../api/client.ts';

/**
 * The settings page's calls (domain/settings.ts), online only. Named `admin-*`: only the admin
 * page loads it; the staff side reads settings from the mirror (data/offline-entities.ts).
 */

/** GET /settings: a list of one row (the mirrored list's plain GET). */
export async function fetchSettings(
  token: string,
  client: KyInstance = apiClient,
): Promise<OnlineResult<CompanySettings | null>> {
  const result = await getJson(token, 'settings', z.array(companySettingsSchema), { client });
  return result.ok ? { ok: true, value: result.value[0] ?? null } : result;
}

/** PUT /settings: the saved row. */
export function saveSettings(
  token: string,
  input: CompanySettingsInput,
  client: KyInstance = apiClient,
): Promise<OnlineResult<CompanySettings>> {
  return sendJson(token, 'put', 'settings', input, companySettingsSchema, client);
}

/** PUT /users/me/password: a fresh token for this session (the others are revoked). */
export function changeOwnPassword(
  token: string,
  input: PasswordChangeInput,
  client: KyInstance = apiClient,
): Promise<OnlineResult<z.infer<typeof passwordChangedSchema>>> {
  return sendJson(token, 'put', 'users/me/password', input, passwordChangedSchema, client);
}

/** GET /server-status: the HTTPS tablets use and the daily backups (domain/server-status.ts). */
export function fetchServerStatus(
  token: string,
  client: KyInstance = apiClient,
): Promise<OnlineResult<ServerStatusJson>> {
  return getJson(token, 'server-status', serverStatusSchema, { client });
}
