/**
 * The orders module's surface for other modules (docs/conventions.md, "Server modules"): the
 * per-department order number sequence, which printing orders share.
 */
export { nextOrderNumber, orderWriteMessages } from './repository.ts';
