import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { accessFor } from '../../domain/access.ts';
import type { Session } from '../features/auth/session.ts';
import { ErrorPage } from './pages/error-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

export interface RouterContext {
  /** The signed-in session right now (synchronous in-memory snapshot; null when signed out). */
  session: () => Session | null;
}

/**
 * The root route runs the route guard (domain/access.ts) before every navigation, so a typed
 * URL is caught as well as a click. The server enforces the same rules on every call.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => {
    const access = accessFor(context.session(), location.href);
    if ('redirectTo' in access) throw redirect({ href: access.redirectTo, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
