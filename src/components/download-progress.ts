import { useT } from '../i18n/i18n.tsx';
import { isMessageKey } from '../i18n/translate.ts';
import type { SyncStatus } from '../sync/sync-status.ts';

// Made on first use: a formatter costs milliseconds to create, and most starts show no progress.
let number: Intl.NumberFormat | undefined;

/**
 * "Downloading products 3,000 / 10,000" while a long pull walks its pages (a first sync of a
 * big department), or null. The sync status and the department home both show it.
 */
export function useDownloadProgressText(progress: SyncStatus['pullProgress']): string | null {
  const t = useT();
  if (!progress) return null;
  number ??= new Intl.NumberFormat('en');
  const listKey = `syncStatus.list.${progress.list}`;
  return t(progress.total === null ? 'syncStatus.downloadingCount' : 'syncStatus.downloading', {
    list: isMessageKey(listKey) ? t(listKey) : progress.list,
    done: number.format(progress.done),
    total: number.format(progress.total ?? 0),
  });
}
