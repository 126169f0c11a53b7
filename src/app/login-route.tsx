import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { LoginPage, type LogoutDialogSlotProps } from '../features/auth/login-page.tsx';
import { ChakraPart, loadChakraForParts } from '../components/chakra-part.tsx';

const loginApi = getRouteApi('/login');

// The Logout dialog (Chakra, and the unsent-work warning that reads the outbox in Dexie) is the
// navigation bar's own lazy chunk: a signed-out visitor of /login never loads it.
const NavLogoutDialog = lazy(() =>
  import('./nav-logout-dialog.tsx').then((module) => ({ default: module.NavLogoutDialog })),
);

/** The login page's Logout dialog, rendered once Chakra has loaded (chakra-gate.tsx). */
function LoginLogoutDialog({ open, onOpenChange }: LogoutDialogSlotProps) {
  // The navigation bar loads Chakra for a signed-in user already; this covers a click before.
  useEffect(() => {
    if (open) void loadChakraForParts().catch(() => undefined);
  }, [open]);
  return (
    <ChakraPart>
      <Suspense fallback={null}>
        <NavLogoutDialog open={open} onOpenChange={onOpenChange} />
      </Suspense>
    </ChakraPart>
  );
}

/** /login's component, in its own chunk (router.tsx loads it with lazyRouteComponent). */
export function LoginRoute() {
  const { redirect } = loginApi.useSearch();
  return <LoginPage redirect={redirect} LogoutDialog={LoginLogoutDialog} />;
}
