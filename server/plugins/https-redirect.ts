import type { FastifyInstance } from 'fastify';
import { hostnameOf, httpsOrigin, isLoopbackHost, type TlsInfo } from '../tls/tls-info.ts';

/**
 * Plain HTTP only where the browser treats it as secure (decision 0022). A page or API request
 * that reached the HTTP listener addressed to any other name or address (its Host, which is
 * what decides whether a page is a secure context) is sent on with 308 to the same path on the
 * https address of that host. Requests addressed to localhost, 127.0.0.1 or [::1] (development,
 * tests, scripts) are served as before, and so is the setup page (/trust), which a tablet opens
 * over plain HTTP before it trusts the server. With TLS off nothing is redirected; behind a
 * trusted proxy that says `X-Forwarded-Proto: https` the request counts as https already.
 */
function isSetupPath(url: string): boolean {
  return url === '/trust' || url.startsWith('/trust/') || url.startsWith('/trust?');
}

export function registerHttpsRedirect(app: FastifyInstance, tls: TlsInfo): void {
  if (tls.mode === 'off') return;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https' || isSetupPath(request.url)) {
      done();
      return;
    }
    const hostname = hostnameOf(request.headers.host);
    if (!hostname || isLoopbackHost(hostname)) {
      done();
      return;
    }
    void reply
      .code(308)
      .header('location', `${httpsOrigin(hostname, tls.httpsPort)}${request.url}`)
      .header('cache-control', 'no-store')
      .send();
  });
}
