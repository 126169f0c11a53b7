import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { featureModules } from '../../server/app.ts';
import { loadMigrations } from '../../server/db/migration-files.ts';
import { registerOfflineEntities } from '../../src/sync/registry.ts';
import { runSync } from '../../src/sync/run-sync.ts';
import { addCrate, crateEntities, DatabaseWithCrates } from '../support/made-up-entities.ts';
import { cratesMigration, cratesRoutes } from '../support/made-up-entity-server.ts';
import { signIn } from '../support/sync.ts';
import {
  auth,
  buildTestApp,
  createUser,
  describeEachDatabase,
  type TestApp,
  type TestUser,
} from '../api/harness.ts';

/**
 * A made-up offline entity, end to end (issue 27 item 7, decision 0032): 'crates' declared only
 * in the places a new entity owns (its contract, made-up-entity-domain.ts; its server module and
 * migration, made-up-entity-server.ts; its tablet side and Dexie version, made-up-entities.ts)
 * and one line in each registry, which this test writes as the app would: the migration beside
 * the folder's files, the module beside `featureModules`, the declarations handed to
 * `registerOfflineEntities`. Then a tablet's real sync engine, on fake-indexeddb, talks to the
 * real server over HTTP: the crate written offline is in the mirror at once, reaches the server
 * once even when the answer is lost, and a colleague's crate comes back through the pull.
 */
registerOfflineEntities([crateEntities]);

/** Real fetch to the server, recording each request; `loseNextAnswer` drops one answer after the server applied it. */
function transport(origin: string) {
  const seen: string[] = [];
  const state = { loseNextAnswer: false };
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    const answer = await fetch(request);
    if (state.loseNextAnswer && request.method !== 'GET') {
      state.loseNextAnswer = false;
      await answer.arrayBuffer();
      throw new TypeError('Failed to fetch');
    }
    return answer;
  };
  return { fetch: fetchImpl as typeof fetch, seen, state, baseUrl: `${origin}/api/v1` };
}

describeEachDatabase('a made-up offline entity, end to end', (target) => {
  let t: TestApp;
  let origin: string;
  let clerk: TestUser;
  let tablet: DatabaseWithCrates;

  beforeAll(async () => {
    t = await buildTestApp(target, {
      migrations: { ...(await loadMigrations()), '9000-crates': cratesMigration },
      modules: [...featureModules, cratesRoutes],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clerk = await createUser(t, { role: 'employee', category: 'hardware' });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    tablet = new DatabaseWithCrates();
    await signIn(
      tablet,
      { _id: clerk.id, email: clerk.email, role: 'employee', category: 'hardware' },
      clerk.token,
    );
  });
  afterEach(async () => {
    tablet.close();
    await tablet.delete();
  });

  const serverCrates = () =>
    t.db.selectFrom('crates').selectAll().where('department', '=', 'hardware').execute();

  it('writes offline into the mirror, applies once on the server, and settles the mirror', async () => {
    const { entryId } = await addCrate('hardware', { label: 'Nails', count: 3 }, { db: tablet });
    const [queued] = await tablet.table('crates').toArray();
    expect(queued).toMatchObject({ label: 'Nails', count: 3, pendingOutboxId: entryId });

    const net = transport(origin);
    const round = await runSync({
      db: tablet,
      fetch: net.fetch,
      baseUrl: net.baseUrl,
      locks: null,
    });
    expect(round.ok).toBe(true);
    expect(net.seen).toContain('POST /api/v1/hardware/crates');
    expect(net.seen).toContain('GET /api/v1/hardware/crates');

    const rows = await serverCrates();
    expect(rows.filter((row) => row.id === queued._id)).toHaveLength(1);
    expect(await tablet.outbox.count()).toBe(0);
    expect(await tablet.table('crates').get(queued._id)).toMatchObject({
      label: 'Nails',
      count: 3,
      pendingOutboxId: null,
    });
  });

  it('sends again after a lost answer and the server applies it once', async () => {
    const before = (await serverCrates()).length;
    const net = transport(origin);
    // Three crates queued: the flusher sends them together through POST /batch.
    for (const label of ['Bolts', 'Screws', 'Washers'])
      await addCrate('hardware', { label, count: 2 }, { db: tablet });
    net.state.loseNextAnswer = true;
    // The batch is applied but its answer is lost; the pull that follows reaches the server, so
    // the same round sends the batch again at once (run-sync.ts), with the same keys.
    const round = await runSync({
      db: tablet,
      fetch: net.fetch,
      baseUrl: net.baseUrl,
      locks: null,
    });
    expect(round.ok).toBe(true);
    expect(net.seen.filter((line) => line === 'POST /api/v1/batch')).toHaveLength(2);
    expect((await serverCrates()).length).toBe(before + 3);
    expect(await tablet.outbox.count()).toBe(0);
  });

  it("pulls a colleague's crate into the mirror, and another department is refused the list", async () => {
    const colleague = await createUser(t, { role: 'employee', category: 'hardware' });
    const id = crypto.randomUUID();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hardware/crates',
      headers: { ...auth(colleague), 'idempotency-key': crypto.randomUUID() },
      payload: { _id: id, label: 'Hinges', count: 12 },
    });
    expect(created.statusCode).toBe(201);

    const net = transport(origin);
    expect(
      (await runSync({ db: tablet, fetch: net.fetch, baseUrl: net.baseUrl, locks: null })).ok,
    ).toBe(true);
    expect(await tablet.table('crates').get(id)).toMatchObject({ label: 'Hinges', count: 12 });

    // Another department's clerk is refused the list, as every mirrored list does.
    const stranger = await createUser(t, { role: 'employee', category: 'stationery' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hardware/crates',
      headers: auth(stranger),
    });
    expect(refused.statusCode).toBe(403);
  });
});
