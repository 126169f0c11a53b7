import { createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { currentSession, onSessionEnd, pendingSessionLoad } from '../session/session.ts';
import { t } from '../i18n/i18n.tsx';
import { adminRouteTree } from './admin-routes.tsx';
import { departmentRouteTree } from './department-routes.tsx';
import { printingRouteTree } from './printing-routes.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { rootRoute } from './root-route.tsx';

/**
 * Code-based routes, kept thin: path, search validation, component. Access rules live in
 * domain/access.ts and run in the root route's beforeLoad.
 *
 * Every page's component is a lazy chunk (lazyRouteComponent), which the router loads before it
 * renders the route; the home page's too, so a tablet or /login does not load the slideshow (the
 * entry script fetches it at once on '/', boot.ts). The service worker precaches these chunks, so
 * they open offline.
 */
const signedInPages = () => import('./signed-in-pages.tsx');

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/landing/landing-page.tsx'),
    'LandingPage',
  ),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  component: lazyRouteComponent(
    () => import('../features/contact/contact-page.tsx'),
    'ContactPage',
  ),
});

export interface LoginSearch {
  /** Where the user wanted to go; followed after login only when allowed (postLoginPath). */
  redirect?: string;
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: lazyRouteComponent(() => import('./login-route.tsx'), 'LoginRoute'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  component: lazyRouteComponent(signedInPages, 'DashboardPage'),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  contactRoute,
  loginRoute,
  dashboardRoute,
  printingRouteTree,
  departmentRouteTree,
  adminRouteTree,
]);

export const router = createRouter({
  routeTree,
  context: { session: currentSession, sessionPending: pendingSessionLoad },
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: ErrorPage,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A session that ends by itself (expiry) or in another tab re-runs the guard on the current page,
// which sends a protected page to /login. A logout here navigates to /login itself.
onSessionEnd((reason) => {
  if (reason === 'signed-out') return;
  if (reason === 'expired') {
    // The toast region is part of Chakra, loaded with the protected page this session was on.
    void import('../components/ui/toaster.tsx').then(({ toaster }) =>
      toaster.create({ type: 'warning', title: t('auth.session.expired') }),
    );
  }
  void router.invalidate();
});
