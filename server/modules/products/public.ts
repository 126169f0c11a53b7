/**
 * The products module's surface for other modules and the server's own files (docs/conventions.md,
 * "Server modules"): the product row, its JSON and the reads other rules start from; the demo
 * catalogue `npm run seed:demo` fills.
 */
export { seedDemoProducts } from './demo-products.ts';
export {
  findProduct,
  findProductAtLocation,
  productIdExists,
  toProductJson,
  type ProductRow,
} from './repository.ts';
export { createProduct } from './service.ts';
