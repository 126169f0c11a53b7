import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Where the server listens (decision 0022), all ports handing their requests to the one app:
 *
 * - `PORT` speaks plain HTTP *and* HTTPS: the first byte of a connection says which (a TLS
 *   handshake starts with 0x16, an HTTP request with a letter). Plain HTTP is what a new tablet
 *   uses for the setup page; HTTPS on the same port is what a browser sends after it has seen
 *   HSTS for the name, because HSTS keeps the port: without it http://shop-server.lan:3000
 *   would turn into a TLS error instead of a redirect once the tablet had used HTTPS.
 * - `HTTPS_PORT` speaks HTTPS only: the address tablets are given.
 *
 * A request that arrived over TLS has an encrypted socket, which is what `request.protocol`
 * reads. The certificate can be replaced while running (reissued, or TLS=files changed); new
 * connections get the new one. With TLS off the app listens on PORT alone, as before.
 */
export interface Listeners {
  replaceCertificate(material: { cert: string; key: string }): void;
  close(): Promise<void>;
}

const tlsHandshake = 0x16;
/** A connection that says nothing for this long is closed before either server has it. */
const firstByteTimeoutMs = 30_000;

function listenOn(server: NetServer | HttpsServer, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function listen(
  app: FastifyInstance,
  options: {
    port: number;
    httpsPort: number;
    host: string;
    material: { cert: string; key: string } | undefined;
  },
): Promise<Listeners> {
  const { material } = options;
  if (!material) {
    await app.listen({ port: options.port, host: options.host });
    return { replaceCertificate: () => undefined, close: async () => undefined };
  }
  await app.ready();
  const secure = createHttpsServer({ cert: material.cert, key: material.key }, (req, res) => {
    app.routing(req, res);
  });
  const sockets = new Set<Socket>();
  // Plain HTTP sockets handed to the app, and those with an answer not yet finished.
  const plain = new Set<Socket>();
  const busy = new Set<Socket>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    busy.add(socket);
    response.once('close', () => busy.delete(socket));
  });
  const front = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      plain.delete(socket);
    });
    socket.setTimeout(firstByteTimeoutMs, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      // From here on the HTTP or HTTPS server's own timeouts apply.
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      const target = first[0] === tlsHandshake ? secure : app.server;
      if (target === app.server) plain.add(socket);
      target.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  await listenOn(front, options.port, options.host);
  await listenOn(secure, options.httpsPort, options.host);
  return {
    replaceCertificate(next) {
      secure.setSecureContext({ cert: next.cert, key: next.key });
    },
    close: async () => {
      const closed = Promise.all([
        new Promise<void>((resolve) => front.close(() => resolve())),
        new Promise<void>((resolve) => secure.close(() => resolve())),
      ]);
      // A tablet's kept-alive connection, idle between requests, would hold those closes open
      // for ever (a SIGTERM never ended the process; found by the chaos run, decision 0027):
      // the app's HTTP server, which owns the plain ones, never listened itself, so neither it
      // nor Fastify's close tracks them (the HTTPS server listens and closes its idle ones).
      // Close every plain socket without a request in progress until all are gone; one busy
      // with a request finishes its answer first.
      const closeIdle = () => {
        for (const socket of plain) if (!busy.has(socket)) socket.destroy();
        secure.closeIdleConnections();
      };
      closeIdle();
      const sweep = setInterval(closeIdle, 100);
      try {
        await closed;
      } finally {
        clearInterval(sweep);
      }
      for (const socket of sockets) socket.destroy();
      secure.closeAllConnections();
    },
  };
}
