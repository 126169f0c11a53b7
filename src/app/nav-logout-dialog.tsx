import { LogoutDialog } from '../features/auth/logout-dialog.tsx';
import { useLogoutWarning } from '../features/auth/logout-warning.ts';

// A lazy chunk of its own, loaded when Logout is first pressed (nav-bar.tsx); not `admin-`, so
// the service worker precaches it: staff sign out offline too.
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
