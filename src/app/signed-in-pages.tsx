/**
 * The small signed-in pages (/dashboard) as one lazy chunk, so the public pages
 * do not load them. Deliberately not named `admin-*`: the service worker precaches this chunk
 * (see vite.config.ts), as it did when these pages were part of the main bundle.
 */
export { DashboardPage } from './pages/dashboard-page.tsx';
