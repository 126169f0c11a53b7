/**
 * Every feature's offline entities, declared in the sync registry (src/sync/registry.ts) by
 * importing the module that declares them. The window imports this before it starts the sync
 * engine and the service worker before it replays the outbox, so both know the same lists and
 * writes. A new offline feature adds one line here.
 */
import '../features/department/data/offline-entities.ts';
import '../features/products/data/offline-entities.ts';
import '../features/orders/data/offline-entities.ts';
import '../features/printing/data/offline-entities.ts';
import '../features/transfers/data/offline-entities.ts';
import '../features/settings/data/offline-entities.ts';
import '../features/stock-counts/data/offline-entities.ts';
