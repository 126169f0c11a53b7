import { createRoute, createRouter } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { currentSession, onSessionEnd } from '../features/auth/session.ts';
import { toaster } from '../components/ui/toaster.tsx';
import { t } from '../i18n/i18n.tsx';
import { departmentRouteTree } from './department-routes.tsx';
import { AdminPage } from './pages/admin-page.tsx';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { LandingPage as HomePage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PrintingPage } from './pages/printing-page.tsx';
import { rootRoute } from './root-route.tsx';

/**
 * Code-based routes, kept thin: path, search validation, component. Access rules live in
 * domain/access.ts and run in the root route's beforeLoad.
 */
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  component: ContactPage,
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
  component: function LoginRoute() {
    const { redirect } = loginRoute.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dashboard',
  component: DashboardPage,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: AdminPage,
});

const printingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'printing',
  component: PrintingPage,
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  contactRoute,
  loginRoute,
  dashboardRoute,
  adminRoute,
  printingRoute,
  departmentRouteTree,
]);

export const router = createRouter({
  routeTree,
  context: { session: currentSession },
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
    toaster.create({ type: 'warning', title: t('auth.session.expired') });
  }
  void router.invalidate();
});
