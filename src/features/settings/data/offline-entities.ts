import { companySettingsSchema } from '../../../../domain/settings.ts';
import { syncPageLimits } from '../../../../domain/sync-page.ts';
import type { OfflineEntities } from '../../../sync/registry.ts';

/**
 * The company settings as an offline entity (decision 0007): a global mirrored list of one row
 * (GET /api/v1/settings, domain/settings.ts), pulled for every signed-in user, staff included,
 * so a printing tablet prints the admin's company details on receipts while offline. Deliberately
 * not named `admin-*`: staff tablets need it precached. No writes are queued: the admin saves
 * settings online (the settings page), and stores the answer in the mirror itself.
 */
export const settingsOfflineEntities: OfflineEntities = {
  lists: [
    {
      table: 'settings',
      scope: 'global',
      path: () => 'settings',
      pageSize: syncPageLimits.defaultLimit,
      toRecord: (raw) => {
        const parsed = companySettingsSchema.safeParse(raw);
        return parsed.success ? parsed.data : undefined;
      },
    },
  ],
};
