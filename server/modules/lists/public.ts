/**
 * The lists module's surface for other modules (docs/conventions.md, "Server modules"): serving
 * a mirrored list (whole body with its ETag, pages of changes with cursors). A module declares
 * its own list with `declareList` and serves it with `createListServer`.
 */
export { createdRangeOf } from './created-range-query.ts';
export { createListCache, type ListCache } from './list-cache.ts';
export {
  createListServer,
  declareList,
  listChanges,
  type ChangesFrom,
  type CreatedRange,
  type ListSource,
  type MirroredList,
} from './serve-list.ts';
