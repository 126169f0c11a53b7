import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { accessFor } from '../../domain/access.ts';
import type { Session } from '../session/session.ts';
import { chakraBeforePage } from './chakra-gate.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

export interface RouterContext {
  /** The signed-in session right now (synchronous in-memory snapshot; null when signed out). */
  session: () => Session | null;
  /**
   * While the stored session is still being read: that read (see pendingSessionLoad); undefined
   * once `session()` is final. Absent means `session()` is always final.
   */
  sessionPending?: () => Promise<unknown> | undefined;
}

function guard(session: Session | null, href: string): void {
  const access = accessFor(session, href);
  if ('redirectTo' in access) throw redirect({ href: access.redirectTo, replace: true });
}

/**
 * The root route runs the route guard (domain/access.ts) before every navigation, so a typed
 * URL is caught as well as a click. The server enforces the same rules on every call.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location, preload }) => {
    // The first render does not wait for the stored session (main.tsx). A page that accessFor
    // allows without a session is allowed with any session, so it needs no wait; every other page
    // is judged only once the stored session has been read, never against a not-yet-read null.
    const pending =
      'allow' in accessFor(null, location.href) ? undefined : context.sessionPending?.();
    // Chakra is loaded before any page built with it renders (chakra-gate.tsx); the marketing
    // pages stay synchronous, so their first render waits for nothing.
    const chakra = chakraBeforePage(location.pathname, preload);
    if (!pending && !chakra) return guard(context.session(), location.href);
    return Promise.all([pending, chakra]).then(() => guard(context.session(), location.href));
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
