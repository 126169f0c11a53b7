import { LogoutDialog } from '../features/auth/logout-dialog.tsx';
import { useLogoutWarning } from '../features/auth/logout-warning.ts';

/**
 * The parts of the navigation bar only a signed-in user sees, loaded lazily by nav-bar.tsx so an
 * anonymous visitor does not evaluate the sync engine, the outbox and Dexie at start-up. The chunk
 * is named after this file (not `admin-*`), so the service worker precaches it: staff open the
 * app offline.
 */
export { SyncStatus } from '../components/sync-status.tsx';

/** The Logout dialog with the unsent-work warning of the signed-in user. */
export function NavLogoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const warning = useLogoutWarning();
  return <LogoutDialog open={open} onOpenChange={onOpenChange} warning={warning} />;
}
