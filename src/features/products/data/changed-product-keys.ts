import type { IntervalTree, ObservabilitySet } from 'dexie';

/** Above this many changed keys a rebuild is cheaper than patching. */
const maxPatchKeys = 1000;

export type Changed = { kind: 'none' } | { kind: 'all' } | { kind: 'keys'; keys: string[] };

/**
 * The product keys a committed write touched, read from Dexie's ObservabilitySet. Parts are named
 * `idb://<db>/<table>/<index>`; the primary-key part ('' index) lists every mutated key. Parts that
 * came through a BroadcastChannel are plain objects, so the interval tree is walked structurally.
 */
export function changedProductKeys(parts: ObservabilitySet, dbName: string): Changed {
  if ('all' in parts) return { kind: 'all' };
  const prefix = `idb://${dbName}/products/`;
  const primary = parts[prefix];
  if (!primary) {
    // An index part without the primary-key part does not happen today; be safe, not clever.
    return Object.keys(parts).some((part) => part.startsWith(prefix))
      ? { kind: 'all' }
      : { kind: 'none' };
  }
  const keys: string[] = [];
  const stack: (IntervalTree | null | undefined)[] = [primary];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !('from' in node)) continue;
    // A range (a clear, a bulk write) or a key that is not a product id: rebuild.
    if (typeof node.from !== 'string' || node.from !== node.to) return { kind: 'all' };
    keys.push(node.from);
    if (keys.length > maxPatchKeys) return { kind: 'all' };
    stack.push(node.l, node.r);
  }
  return keys.length === 0 ? { kind: 'none' } : { kind: 'keys', keys };
}
