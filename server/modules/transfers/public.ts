/**
 * The transfers module's surface for other modules (docs/conventions.md, "Server modules"): the
 * movement log, which a delivery's lines also write (reason 'received', issue 25 item 3).
 */
export { insertMovementLog, type MovementLogRow } from './repository.ts';
