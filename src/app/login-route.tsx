import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { LoginPage, type LogoutDialogSlotProps } from '../features/auth/login-page.tsx';
import { loadChakra, useChakraReady } from './chakra-gate.tsx';

const loginApi = getRouteApi('/login');

// The Logout dialog (Chakra, and the unsent-work warning that reads the outbox in Dexie) is the
// navigation bar's own lazy chunk: a signed-out visitor of /login never loads it.
const NavLogoutDialog = lazy(() =>
  import('./nav-logout-dialog.tsx').then((module) => ({ default: module.NavLogoutDialog })),
);

/** The login page's Logout dialog, rendered once Chakra is in place (chakra-gate.tsx). */
function LoginLogoutDialog({ open, onOpenChange }: LogoutDialogSlotProps) {
  const chakraReady = useChakraReady();
  // The navigation bar loads Chakra for a signed-in user already; this covers a click before.
  useEffect(() => {
    if (open) void loadChakra();
  }, [open]);
  if (!chakraReady) return null;
  return (
    <Suspense fallback={null}>
      <NavLogoutDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}

/** /login's component, in its own chunk (router.tsx loads it with lazyRouteComponent). */
export function LoginRoute() {
  const { redirect } = loginApi.useSearch();
  return <LoginPage redirect={redirect} LogoutDialog={LoginLogoutDialog} />;
}
