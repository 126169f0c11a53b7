import { useT } from '../../i18n/i18n.tsx';
import { useUnsentCount } from '../../sync/use-sync-status.ts';

/**
 * The warning the Logout dialog shows above its buttons when this user has unsent work
 * (pending or failed outbox entries). Signing out never deletes the outbox: the entries stay
 * queued for this user and are sent after they sign in again.
 */
export function useLogoutWarning(): string | undefined {
  const t = useT();
  const count = useUnsentCount();
  return count > 0 ? t('sync.logout.pending', { count }) : undefined;
}
