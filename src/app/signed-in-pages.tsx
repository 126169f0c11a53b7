/**
 * The small signed-in pages (/dashboard, /admin) as one lazy chunk, so the public pages
 * do not load them. Deliberately not named `admin-*`: the service worker precaches this chunk
 * (see vite.config.ts), as it did when these pages were part of the main bundle.
 */
export { AdminPage } from './pages/admin-page.tsx';
export { DashboardPage } from './pages/dashboard-page.tsx';
