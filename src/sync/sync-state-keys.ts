/**
 * The keys of the sync engine's own rows in the `syncState` table. A module of their own so the
 * status store (sync-status.ts), which every staff screen reads at start-up, does not import the
 * engine (pull, push, the HTTP client) to learn four strings: the engine loads only once the
 * first screen has shown its content (issue 26 item 10).
 */
export const lastSyncKey = 'sync/last';
export const pullProgressKey = 'sync/progress';
export const authPauseKey = 'auth/paused';
/** Present while the last pull got no answer at all (the server or the link to it is down). */
export const noAnswerKey = 'sync/no-answer';
