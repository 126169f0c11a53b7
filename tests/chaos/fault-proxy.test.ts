import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunkDepartureAt,
  decideConnection,
  decideRequest,
  faultProfiles,
  nextProfile,
  type FaultProfileName,
} from './fault-model.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { createRng } from './prng.ts';

describe('fault decisions', () => {
  it('are the same for the same seed and differ for another', () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      let name: FaultProfileName = 'clean';
      return Array.from({ length: 40 }, () => {
        name = nextProfile(rng, name);
        const fate = decideRequest(rng, faultProfiles.truncate);
        return `${name}:${fate.kind}:${decideConnection(rng, faultProfiles.drop).kind}`;
      });
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draw each fate near its share', () => {
    const rng = createRng(7);
    const profile = { ...faultProfiles.clean, dropShare: 0.2, resetAfterForwardShare: 0.3 };
    const tally: Record<string, number> = {};
    for (let index = 0; index < 10_000; index += 1) {
      const { kind } = decideConnection(rng, profile);
      tally[kind] = (tally[kind] ?? 0) + 1;
      const request = decideRequest(rng, profile).kind;
      tally[request] = (tally[request] ?? 0) + 1;
    }
    expect(tally.drop).toBeGreaterThan(1800);
    expect(tally.drop).toBeLessThan(2200);
    expect(tally['reset-after-forward']).toBeGreaterThan(2800);
    expect(tally['reset-after-forward']).toBeLessThan(3200);
    expect(tally.truncate).toBeUndefined();
  });

  it('keep chunk order and space chunks by the bandwidth', () => {
    const rng = createRng(1);
    const profile = faultProfiles['2g'];
    const first = chunkDepartureAt(rng, profile, 25_000, 0, 0);
    // 25 kB at 25 kB/s: a second on the wire after the latency.
    expect(first).toBeGreaterThanOrEqual(1300);
    const second = chunkDepartureAt(rng, profile, 0, 0, first);
    expect(second).toBeGreaterThanOrEqual(first);
  });

  it('never pick the current profile again', () => {
    const rng = createRng(3);
    for (let index = 0; index < 100; index += 1)
      expect(nextProfile(rng, 'pause')).not.toBe('pause');
  });
});

describe('the fault proxy', () => {
  let upstream: Server | undefined;
  let proxy: FaultProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  async function startUpstream(onRequest: () => void): Promise<number> {
    upstream = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        onRequest();
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ applied: true }));
      });
    });
    await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  const post = async (url: string) => fetch(`${url}/write`, { method: 'POST', body: '{}' });

  it('resets after forwarding: the server applied the write, the client got no answer', async () => {
    // fetch keeps connections alive: each request on one draws its own fate.
    let applied = 0;
    const port = await startUpstream(() => (applied += 1));
    proxy = await startFaultProxy(port, 42);
    proxy.setProfile('reset-after-forward');
    // Half the connections are reset: within a few tries at least one is.
    let failures = 0;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await post(proxy.url).then(
        (response) => response.text(),
        () => (failures += 1),
      );
    }
    expect(failures).toBeGreaterThan(0);
    expect(proxy.counts().resetAfterForward).toBe(failures);
    // Every request reached the server, answered or not.
    expect(applied).toBe(12);
  });

  it('drops new connections before anything reaches the server', async () => {
    let applied = 0;
    const port = await startUpstream(() => (applied += 1));
    proxy = await startFaultProxy(port, 5);
    proxy.setProfile('drop');
    let failures = 0;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await post(proxy.url).then(
        (response) => response.text(),
        () => (failures += 1),
      );
    }
    expect(failures).toBe(proxy.counts().dropped);
    expect(applied).toBe(12 - failures);
  });

  it('holds everything while paused and lets it through after', async () => {
    let applied = 0;
    const port = await startUpstream(() => (applied += 1));
    proxy = await startFaultProxy(port, 9);
    proxy.setProfile('pause');
    const answer = post(proxy.url).then((response) => response.status);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(applied).toBe(0);
    proxy.setProfile('clean');
    expect(await answer).toBe(201);
    expect(applied).toBe(1);
  });
});
