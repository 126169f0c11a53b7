/**
 * What the running server says about its HTTPS (decision 0022): the setup page (/trust), the
 * admin's Settings → Tablets and the start-up lines read it. Built by main.ts from the
 * configuration and the certificate in use.
 */
export type TlsMode = 'auto' | 'files' | 'off';

export interface TlsInfo {
  mode: TlsMode;
  httpsPort: number;
  /** The https addresses a tablet should open, names before addresses. */
  addresses: string[];
  /** The local certificate authority (TLS=auto only): what a tablet installs from /trust. */
  ca?: { pem: string; fingerprint: string; notAfter: Date };
  /** The certificate the HTTPS listener presents. */
  certificate?: { fingerprint: string; notAfter: Date };
}

export const tlsOff: TlsInfo = { mode: 'off', httpsPort: 0, addresses: [] };

/** Hosts a browser treats as a secure context over plain HTTP: no redirect for them. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host name of a Host header ('shop-server.lan:3000' → 'shop-server.lan', '[fe80::1]:3000'
 * → '[fe80::1]'), lower-case; undefined when it is not a plausible host (anything a redirect
 * should not echo).
 */
export function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(hostHeader.trim());
  return match?.[1]?.toLowerCase();
}

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || hostname.endsWith('.localhost');
}

/** The https address of the app at `hostname`. */
export function httpsOrigin(hostname: string, httpsPort: number): string {
  return `https://${hostname}${httpsPort === 443 ? '' : `:${httpsPort}`}`;
}
