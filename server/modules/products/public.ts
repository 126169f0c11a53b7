/**
 * The products module's surface for other modules (docs/conventions.md, "Server modules"): the
 * product row, its JSON and the reads other rules start from.
 */
export { findProduct, productIdExists, toProductJson, type ProductRow } from './repository.ts';
