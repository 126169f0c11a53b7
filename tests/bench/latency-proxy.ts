import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that delays every chunk by half the round-trip time in each direction,
 * so a browser pointed at it sees a link with `rttMs` of latency (a tablet on a slow mobile link),
 * while the server stays on this machine. It counts the HTTP requests that pass through (the
 * request lines it sees), which is how the drain bench reports "requests used".
 *
 * Traffic goes only to 127.0.0.1:`targetPort`; the proxy is closed by `close()`.
 */
export interface LatencyProxy {
  url: string;
  port: number;
  /** HTTP request lines seen, e.g. 'POST /api/v1/batch', in order. */
  requests: string[];
  close(): Promise<void>;
}

const requestLine = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/gm;

export async function startLatencyProxy(targetPort: number, rttMs: number): Promise<LatencyProxy> {
  const oneWay = rttMs / 2;
  const requests: string[] = [];
  const sockets = new Set<Socket>();

  function relay(from: Socket, to: Socket, inspect: boolean): void {
    from.on('data', (chunk: Buffer) => {
      if (inspect) {
        for (const match of chunk.toString('latin1').matchAll(requestLine))
          requests.push(`${match[1]} ${(match[2] ?? '').split('?')[0]}`);
      }
      const forward = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (oneWay > 0) setTimeout(forward, oneWay);
      else forward();
    });
    from.on('end', () => setTimeout(() => to.end(), oneWay));
    from.on('error', () => to.destroy());
  }

  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    relay(client, upstream, true);
    relay(upstream, client, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
