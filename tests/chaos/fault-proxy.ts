import { connect, createServer, type Server, type Socket } from 'node:net';
import {
  chunkDepartureAt,
  decideConnection,
  emptyFaultCounts,
  faultProfiles,
  type ConnectionFate,
  type FaultCounts,
  type FaultProfileName,
} from './fault-model.ts';
import { createRng } from './prng.ts';

/**
 * A fault-injecting TCP proxy on loopback (decision 0027), between the tablets' browsers and the
 * server. Like tests/bench/latency-proxy.ts it relays bytes, but under a profile the harness
 * switches during a run (fault-model.ts): latency and jitter, a 2G/3G bandwidth, dropped new
 * connections, a reset once the answer starts coming back (the server has committed, the tablet
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

  function relay(from: Socket, to: Socket, onFirstAnswer?: (chunk: Buffer) => Buffer | null): void {
    let previousAt = 0;
    let first = true;
    const schedule = (action: () => void, bytes: number) => {
      const now = Date.now();
      const at = chunkDepartureAt(rng, profile(), bytes, now, previousAt);
      previousAt = at;
      if (at <= now) deliver(action);
      else setTimeout(() => deliver(action), at - now);
    };
    from.on('data', (incoming: Buffer) => {
      let chunk: Buffer | null = incoming;
      if (first && onFirstAnswer) chunk = onFirstAnswer(incoming);
      first = false;
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

  /** What the answer direction does with its first chunk under this connection's fate. */
  function answerGate(fate: ConnectionFate, client: Socket, upstream: Socket) {
    return (chunk: Buffer): Buffer | null => {
      if (fate.kind === 'reset-after-forward') {
        counts.resetAfterForward += 1;
        client.resetAndDestroy();
        upstream.destroy();
        return null;
      }
      if (fate.kind === 'truncate') {
        counts.truncated += 1;
        const part = chunk.subarray(0, Math.min(fate.afterBytes, chunk.length));
        // The part leaves through the usual schedule; the reset follows it.
        setTimeout(() => {
          client.resetAndDestroy();
          upstream.destroy();
        }, profile().latencyMs + 50);
        return part;
      }
      return chunk;
    };
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
    relay(client, upstream);
    relay(upstream, client, answerGate(fate, client, upstream));
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
