import { runDrainBench } from './drain-bench.ts';
import { runServerBench } from './server-bench.ts';

/**
 * `npm run bench`: the server benchmark (in-process app on SQLite, HTTP load from a worker
 * thread), then the outbox drain benchmark (built PWA in Chromium against the real server), and
 * one summary of the figures that matter.
 */
const server = await runServerBench();
console.log('');
const drain = await runDrainBench();

const { hello, orders, productList, orderToHelloRatio } = server;
console.log('');
console.log('Summary');
console.log(
  `  POST /hardware/orders, ${orders.concurrency} clients: ${orders.requestsPerSecond} req/s, p99 ${orders.p99Ms} ms` +
    `  (hello world: ${hello.requestsPerSecond} req/s, p99 ${hello.p99Ms} ms; ratio ${orderToHelloRatio})`,
);
console.log(
  `  GET /hardware/products, ${productList.products.toLocaleString('en')} products: p99 ${productList.p99Ms} ms` +
    ` (p50 ${productList.p50Ms} ms, ${productList.concurrency} clients)`,
);
console.log(
  `  Outbox drain: ${drain.orders} queued orders in ${drain.drainMs} ms (${drain.ordersPerSecond} orders/s)` +
    `; server got exactly ${drain.serverOrders}`,
);
