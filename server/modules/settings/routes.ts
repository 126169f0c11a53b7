import type { FastifyInstance } from 'fastify';
import {
  companySettingsId,
  companySettingsInputSchema,
  type CompanySettings,
} from '../../../domain/settings.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { parseInput } from '../../validation.ts';
import { auditContextOf, recordChange } from '../audit/public.ts';
import {
  createListCache,
  createListServer,
  declareList,
  type ListSource,
} from '../lists/public.ts';
import {
  readSettings,
  saveSettings,
  settingsChanges,
  settingsDepartment,
  toSettingsInput,
  toSettingsJson,
  type SettingsRow,
} from './repository.ts';

/**
 * Company settings (domain/settings.ts): printed on receipts and reports.
 *
 *   GET /settings[?updatedSince=cursor[&limit=n]]  any signed-in user: a mirrored list of one
 *       row (serve-list.ts: the plain GET's cached body and ETag, the paged pull), so tablets
 *       keep it offline and print receipts with it
 *   PUT /settings                                  admin: the whole settings → the saved row
 *
 * A save writes its audit entry in its own transaction; the list-version trigger raises the
 * ('all', 'settings') version there, so the next pull of every tablet brings the new row.
 */
const settingsList = declareList('settings');

export async function settingsRoutes(app: FastifyInstance, options: AppContext): Promise<void> {
  const { db, dialect } = options;
  const serveList = createListServer({
    db,
    department: settingsDepartment,
    listCache: createListCache(),
  });
  const settings: ListSource<SettingsRow, CompanySettings> = {
    list: settingsList,
    all: async () => [await readSettings(db)],
    changes: (from) => settingsChanges(db, from),
    toJson: toSettingsJson,
  };

  app.get('/settings', { preHandler: app.authenticate }, (request, reply) =>
    serveList(request, reply, settings),
  );

  app.put('/settings', { preHandler: requireAdmin }, async (request): Promise<CompanySettings> => {
    const input = parseInput(companySettingsInputSchema, request.body);
    const audit = auditContextOf(request);
    const saved = await db.transaction().execute(async (trx) => {
      const { before, after } = await saveSettings(trx, dialect, input, nowIso());
      await recordChange(trx, audit, {
        action: 'update',
        entity: 'settings',
        entityId: companySettingsId,
        department: null,
        before: toSettingsInput(before),
        after: toSettingsInput(after),
      });
      return after;
    });
    return toSettingsJson(saved);
  });
}
