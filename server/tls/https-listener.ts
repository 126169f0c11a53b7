import { createServer, type Server } from 'node:https';
import type { FastifyInstance } from 'fastify';

/**
 * The HTTPS listener beside Fastify's HTTP one (decision 0022): a node:https server on
 * HTTPS_PORT that hands every request to the same app (`app.routing`), so both listeners run the
 * same routes, hooks and caches. A request that arrived here has an encrypted socket, which is
 * what `request.protocol` reads. The certificate can be replaced while it runs (a reissued or
 * renewed certificate, TLS=files after the files changed); new connections get the new one.
 */
export interface HttpsListener {
  server: Server;
  replaceCertificate(material: { cert: string; key: string }): void;
  close(): Promise<void>;
}

export async function listenHttps(
  app: FastifyInstance,
  options: { port: number; host: string; cert: string; key: string },
): Promise<HttpsListener> {
  const server = createServer({ cert: options.cert, key: options.key }, (request, response) => {
    app.routing(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    replaceCertificate(material) {
      server.setSecureContext({ cert: material.cert, key: material.key });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
