/**
 * The images module's surface for other modules (docs/conventions.md, "Server modules"): an
 * upload re-encoded before the transaction, stored in it, and the routes that serve it (which the
 * products module registers in its scope).
 */
export { reencodeImage } from './reencode.ts';
export { saveImage, type StoredImageInput } from './repository.ts';
export { imagesRoutes } from './routes.ts';
