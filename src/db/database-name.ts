/**
 * The app's IndexedDB database name. Its own module so code that only needs the name (the session
 * store's check whether anything was ever stored) does not load Dexie.
 */
export const appDatabaseName = 'tz-trading';
