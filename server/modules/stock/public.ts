/**
 * The stock module's surface for other modules (docs/conventions.md, "Server modules"): the only
 * writer of `products.quantity` and the godown condition (service.ts states the invariants).
 */
export { storedCondition, type StoredStock } from './condition.ts';
export {
  addStock,
  decrementStock,
  hasCondition,
  postgresOrderDecrement,
  returnStock,
  setStock,
  setStocks,
  settleCondition,
  type SetStockOptions,
  type StockLevel,
  type StockRow,
} from './service.ts';
