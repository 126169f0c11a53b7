import { bulkUploadSummary, runBulkUploadBench } from './bulk-upload-bench.ts';
import { runDrainBench } from './drain-bench.ts';
import { postgresServerUrl, runDurabilityBench } from './durability-bench.ts';
import { runFirstSyncBench } from './first-sync-bench.ts';
import { listUnderWritesSummary, runListUnderWritesBench } from './list-under-writes-bench.ts';
import { loginBytesSummary, runLoginBytesBench } from './login-bytes-bench.ts';
import { runPostgresBatchBench } from './postgres-batch-bench.ts';
import { postgresScaleSummary, runPostgresScaleBench } from './postgres-scale-bench.ts';
import { runPullBench } from './pull-bench.ts';
import { reportSummary, runReportBench } from './report-bench.ts';
import { runSearchBench } from './search-bench.ts';
import { runServerBench } from './server-bench.ts';
import { runStaffStartBench, staffStartSummary } from './staff-start-bench.ts';
import { runTabletSizeBench, tabletSizeSummary } from './tablet-size-bench.ts';

/**
 * `npm run bench`: every performance figure of issue 8 from one run, then one summary.
 * - server: single orders at 20 clients vs the raw durable SQLite transaction, /batch at 20
 *   clients, and another user's latency while batches pour in; the same batch figures on
 *   PostgreSQL where a server answers (TEST_DATABASE_URL);
 * - PostgreSQL scale-out (issue 24 item 1): 1, 2 and 4 API processes behind the deployment
 *   recipe's HAProxy, 20 clients over 100 products and on one product, against SQLite;
 * - pulls: the plain GET of 10,000 products at 10 gzip clients, the bytes of an idle pull;
 * - lists under writes (issue 24 item 2): the plain GET of 10,000 products at 10 gzip clients
 *   while orders arrive at 20/s, and the server's event-loop delay with 50,000 products;
 * - the built PWA in Chromium against the real server: 500 orders queued offline drained at 0 ms
 *   and at 300 ms round-trip time (a delaying proxy on loopback), the first sync of 50,000
 *   products into IndexedDB (at most 15 s), search per keystroke over 50,000 local products (at
 *   most 50 ms p95 at 4× CPU), every browser in a profile kept on disk as a tablet's, and the bytes a
 *   first visit to /login downloads (issue 14: at most 200 kB gzip); staff start-up (issue 26
 *   item 10): the JS /hardware loads before its list shows (at most 250 kB gzip) and its warm
 *   start from the service worker at 4× CPU in a profile kept on disk (at most 1.2 s median);
 * - durability: the server SIGKILLed under 20 order clients, 3 rounds, on SQLite and on
 *   PostgreSQL (TEST_DATABASE_URL, skipped with a message without a server); exits 1 if an
 *   acknowledged order was lost or an order applied twice.
 * Figures are ratios and timings of this machine at this moment: compare within one run.
 */
const server = await runServerBench({ skipProductList: true });
console.log('');
const postgres = await runPostgresBatchBench();
console.log('');
const postgresScale = await runPostgresScaleBench();
console.log('');
const pull = await runPullBench();
console.log('');
const listUnderWrites = await runListUnderWritesBench();
console.log('');
const drainLocal = await runDrainBench({ orders: 500, rttMs: 0 });
console.log('');
const drainSlow = await runDrainBench({ orders: 500, rttMs: 300 });
console.log('');
const firstSync = await runFirstSyncBench({ products: 50_000 });
console.log('');
const search = await runSearchBench({ products: 50_000 });
console.log('');
const loginBytes = await runLoginBytesBench();
console.log('');
const staffStart = await runStaffStartBench();
console.log('');
const bulkUpload = await runBulkUploadBench();
console.log('');
const report = await runReportBench();
console.log('');
const tabletSize = await runTabletSizeBench(365);
console.log('');
const durability = await runDurabilityBench();
console.log('');
const durabilityPostgres = await runDurabilityBench({ databaseUrl: postgresServerUrl });
if (!durability.ok || !durabilityPostgres.ok) process.exitCode = 1;

const { orders, rawOrders, orderToRawRatio, orderToRawAsApiRatio, batchOrders } = server;
const drainLine = (d: typeof drainLocal) =>
  `${d.orders} queued orders at ${d.rttMs} ms RTT drained in ${(d.drainMs / 1000).toFixed(1)} s` +
  ` with ${d.writeRequests} write requests (${d.requests} in all); server got exactly ${d.serverOrders}`;
console.log('');
console.log('Summary');
console.log(
  `  POST /hardware/orders, ${orders.concurrency} clients: ${orders.requestsPerSecond} req/s, p99 ${orders.p99Ms} ms;` +
    ` raw durable transaction ${rawOrders.minimal.ordersPerSecond}/s (same statements: ${rawOrders.asApi.ordersPerSecond}/s);` +
    ` API/raw ${orderToRawRatio} (same statements: ${orderToRawAsApiRatio})`,
);
console.log(
  `  POST /batch of ${batchOrders.batchSize} at ${batchOrders.concurrency} clients: ${batchOrders.ordersPerSecond} orders/s applied,` +
    ` ${server.batchToSingleRatio}× the single-order rate (goal ≥ 3×)`,
);
const loadLine = (figures: typeof server.underBatchLoad) =>
  `another user's order p99 ${figures.orderP99Ms} ms (goal ≤ 200), /health p99 ${figures.healthP99Ms} ms (goal ≤ 100)` +
  ` while ${figures.batchClients} clients send batches of ${figures.batchSize}`;
console.log(`  Under batch load (SQLite): ${loadLine(server.underBatchLoad)}`);
if (postgres) {
  console.log(
    `  PostgreSQL: single ${postgres.singleOrdersPerSecond} orders/s, batches of 50 ${postgres.batchOrdersPerSecond}/s` +
      ` (${postgres.batchToSingleRatio}×); under batch load ${loadLine(postgres.underBatchLoad)}`,
  );
} else {
  console.log('  PostgreSQL: skipped (no server; see above)');
}
console.log(
  postgresScale
    ? postgresScaleSummary(postgresScale)
    : '  PostgreSQL scale-out: skipped (no server or no haproxy; see above)',
);
console.log(
  `  POST /{dept}/orders ÷ hardware: ${server.departmentOrders.map((entry) => `${entry.department} ${entry.toHardware}`).join(', ')}`,
);
console.log(`  Drain: ${drainLine(drainLocal)}`);
console.log(`  Drain: ${drainLine(drainSlow)}`);
console.log(
  `  Idle pull: ${pull.idleRevalidateStatus} with ${pull.idleRevalidateBodyBytes} B body and ${pull.idleRevalidateHeaderBytes} B headers` +
    ` (without ETag: ${pull.idlePullStatus}, ${pull.idlePullBodyBytes} B body, ${pull.idlePullHeaderBytes} B headers)`,
);
console.log(
  `  GET /hardware/products, ${pull.products.toLocaleString('en')} products, ${pull.plainGetConcurrency} gzip clients:` +
    ` p99 ${pull.plainGetP99Ms} ms (p50 ${pull.plainGetP50Ms} ms; /health p99 on this machine ${pull.healthP99Ms} ms)`,
);
console.log(listUnderWritesSummary(listUnderWrites));
console.log(
  `  First sync of ${firstSync.products.toLocaleString('en')} products into IndexedDB: ${(firstSync.firstSyncMs / 1000).toFixed(1)} s` +
    ` in ${firstSync.pageRequests} pages, profile on disk (goal ≤ 15 s)`,
);
console.log(
  `  Search over ${search.products.toLocaleString('en')} local products, after the debounce: p50 ${search.perKeystrokeP50Ms} ms,` +
    ` p95 ${search.perKeystrokeP95Ms} ms; at 4× CPU slowdown p50 ${search.throttledP50Ms} ms, p95 ${search.throttledP95Ms} ms (goal ≤ 50);` +
    ` warm start to first page p50 ${search.warmStartFirstPageP50Ms} ms (4×: ${search.throttledWarmStartFirstPageP50Ms} ms)`,
);
console.log(`  ${loginBytesSummary(loginBytes).trim()}`);
console.log(`  ${staffStartSummary(staffStart).trim()}`);
for (const each of [durability, durabilityPostgres]) {
  console.log(
    each.skipped !== undefined
      ? `  Durability (${each.database}): skipped, ${each.skipped}`
      : `  Durability (${each.database}): ${each.ok ? 'no acknowledged order lost, none applied twice' : 'FAILED (see the durability lines above)'}` +
          ` in ${each.rounds.length} rounds of SIGKILL under load`,
  );
}
console.log(bulkUploadSummary(bulkUpload));
console.log(reportSummary(report));
console.log(tabletSizeSummary(tabletSize));
