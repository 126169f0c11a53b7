import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostnameOf, httpsOrigin, isLoopbackHost, type TlsInfo } from '../../tls/tls-info.ts';
import { renderTrustPage, trustCheckScript } from './page.ts';
import type { TrustLanguage } from './texts.ts';

/**
 * The tablet setup page and what it serves, outside /api and reachable over plain HTTP from the
 * shop's network (server/plugins/https-redirect.ts lets /trust through):
 *
 *   GET /trust             the page (Kiswahili, or ?lang=en)
 *   GET /trust/ca.crt      the local CA's certificate (TLS=auto), application/x-x509-ca-cert
 *   GET /trust/check.js    the page's trust check
 *   GET /trust/info.json   {mode, https, addresses, fingerprint}: what the app's "insecure
 *                          address" banner shows
 */
export const caFileName = 'trading-company-ca.crt';
export const noLocalCaMessage = 'This server has no certificate authority of its own to install';

/** The https address for the host this request addressed (falls back to the first known). */
function primaryAddress(request: FastifyRequest, info: TlsInfo): string | undefined {
  if (info.mode === 'off') return undefined;
  const hostname = hostnameOf(request.headers.host);
  if (hostname && !isLoopbackHost(hostname)) return httpsOrigin(hostname, info.httpsPort);
  return info.addresses[0] ?? httpsOrigin('localhost', info.httpsPort);
}

export async function trustRoutes(app: FastifyInstance, options: { tls: TlsInfo }): Promise<void> {
  const info = options.tls;

  app.get('/trust', async (request, reply) => {
    const query = request.query as { lang?: unknown };
    const language: TrustLanguage = query.lang === 'en' ? 'en' : 'sw';
    const primary = primaryAddress(request, info);
    const connect = primary ? ` ${primary}` : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'${connect}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(await renderTrustPage({ language, info, primary }));
  });

  app.get('/trust/ca.crt', async (_request, reply) => {
    if (!info.ca) return reply.code(404).send({ message: noLocalCaMessage });
    return reply
      .type('application/x-x509-ca-cert')
      .header('content-disposition', `attachment; filename="${caFileName}"`)
      .header('cache-control', 'no-cache')
      .send(info.ca.pem);
  });

  app.get('/trust/check.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(trustCheckScript),
  );

  app.get('/trust/info.json', async (request, reply) =>
    reply.header('cache-control', 'no-store').send({
      mode: info.mode,
      https: primaryAddress(request, info) ?? null,
      addresses: info.addresses,
      fingerprint: info.ca?.fingerprint ?? null,
    }),
  );
}
