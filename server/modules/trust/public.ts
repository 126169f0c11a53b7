/**
 * The trust module's surface for other modules (docs/conventions.md, "Server modules"): the QR
 * code of the setup page's address, which the server status shows too.
 */
export { qrDataUrl } from './page.ts';
