/**
 * The parts of the navigation bar only a signed-in user sees, loaded lazily by nav-bar.tsx so an
 * anonymous visitor does not evaluate the sync engine, the outbox and Dexie at start-up. The chunk
 * is named after this file (not `admin-*`), so the service worker precaches it: staff open the
 * app offline.
 */
export { SyncStatus } from '../components/sync-status.tsx';
