import { connect, createServer, type Server, type Socket } from 'node:net';
import {
  chunkDepartureAt,
  decideConnection,
  decideRequest,
  emptyFaultCounts,
  faultProfiles,
  type RequestFate,
  type FaultCounts,
  type FaultProfileName,
} from './fault-model.ts';
import { createRng } from './prng.ts';

/**
 * A fault-injecting TCP proxy on loopback (decision 0027), between the tablets' browsers and the
 * server. Like tests/bench/latency-proxy.ts it relays bytes, but under a profile the harness
 * switches during a run (fault-model.ts): latency and jitter, a 2G/3G bandwidth, dropped new
 * connections, per request a reset once the answer starts coming back (the server has committed, the tablet
 * never hears), an answer cut short, or a full stop. Decisions come from a PRNG seeded per run.
 * Traffic goes only to 127.0.0.1:`targetPort`; while the server is down the proxy still accepts
 * and resets, as a Wi-Fi access point with a dead server behind it would.
 */
export interface FaultProxy {
  url: string;
  port: number;
  profile(): FaultProfileName;
  setProfile(name: FaultProfileName): void;
  counts(): FaultCounts;
  close(): Promise<void>;
}

interface Held {
  run: () => void;
}

export async function startFaultProxy(targetPort: number, seed: number): Promise<FaultProxy> {
  const rng = createRng(seed).fork('proxy');
  let current: FaultProfileName = 'clean';
  const counts = emptyFaultCounts();
  const sockets = new Set<Socket>();
  // Chunks due while paused wait here in order and leave when the pause ends.
  let held: Held[] = [];
  const profile = () => faultProfiles[current];

  const deliver = (run: () => void) => {
    if (profile().paused) held.push({ run });
    else run();
  };

  function relay(from: Socket, to: Socket, gate: (chunk: Buffer) => Buffer | null): void {
    let previousAt = 0;
    const schedule = (action: () => void, bytes: number) => {
      const now = Date.now();
      const at = chunkDepartureAt(rng, profile(), bytes, now, previousAt);
      previousAt = at;
      if (at <= now) deliver(action);
      else setTimeout(() => deliver(action), at - now);
    };
    from.on('data', (incoming: Buffer) => {
      const chunk = gate(incoming);
      if (chunk === null) return;
      const bytes = chunk;
      schedule(() => {
        if (!to.destroyed) to.write(bytes);
      }, bytes.length);
    });
    from.on('end', () => schedule(() => to.end(), 0));
    from.on('error', () => to.destroy());
    from.on('close', () => schedule(() => to.destroy(), 0));
  }

  const requestLine = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ HTTP\/1\.[01]\r\n/;

  /**
   * A connection's gates: each request drawn its fate as it starts (a chunk opening with a
   * request line), and the first chunk of its answer meets that fate.
   */
  function gates(client: Socket, upstream: Socket) {
    let fate: RequestFate = { kind: 'pass' };
    const request = (chunk: Buffer): Buffer => {
      if (requestLine.test(chunk.subarray(0, 80).toString('latin1'))) {
        fate = decideRequest(rng, profile());
      }
      return chunk;
    };
    const answer = (chunk: Buffer): Buffer | null => {
      const now = fate;
      fate = { kind: 'pass' };
      if (now.kind === 'reset-after-forward') {
        counts.resetAfterForward += 1;
        client.resetAndDestroy();
        upstream.destroy();
        return null;
      }
      if (now.kind === 'truncate') {
        counts.truncated += 1;
        const part = chunk.subarray(0, Math.min(now.afterBytes, chunk.length));
        // The part leaves through the usual schedule; the reset follows it.
        setTimeout(() => {
          client.resetAndDestroy();
          upstream.destroy();
        }, profile().latencyMs + 50);
        return part;
      }
      return chunk;
    };
    return { request, answer };
  }

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const fate = decideConnection(rng, profile());
    if (fate.kind === 'drop') {
      counts.dropped += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const gate = gates(client, upstream);
    relay(client, upstream, gate.request);
    relay(upstream, client, gate.answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    profile: () => current,
    setProfile(name) {
      if (name === current) return;
      current = name;
      counts.profileChanges[name] = (counts.profileChanges[name] ?? 0) + 1;
      if (faultProfiles[name].paused) counts.pauses += 1;
      else {
        const waiting = held;
        held = [];
        for (const item of waiting) item.run();
      }
    },
    counts: () => structuredClone(counts),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
