import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/**
 * The names and addresses the server's certificate is issued for (decision 0022): what a tablet
 * on the shop's network may type or scan to reach this machine.
 */
export interface ServerNames {
  /** DNS names: localhost, the host name, `<host name>.local`, PUBLIC_HOSTNAMES names. */
  dns: string[];
  /** IP addresses: 127.0.0.1, ::1, every non-internal interface address, PUBLIC_HOSTNAMES IPs. */
  ips: string[];
}

/** Every address of this machine's network interfaces that another device could reach. */
export function interfaceAddresses(): string[] {
  const addresses: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      // Link-local IPv6 (fe80::/10) needs a zone id no browser accepts in a URL.
      if (entry.family === 'IPv6' && entry.address.toLowerCase().startsWith('fe80:')) continue;
      addresses.push(entry.address);
    }
  }
  return addresses;
}

function sortedUnique(values: string[]): string[] {
  return [...new Set(values)].sort();
}

export function serverNames(
  publicHostnames: readonly string[],
  machine: { hostname: string; addresses: string[] } = {
    hostname: hostname(),
    addresses: interfaceAddresses(),
  },
): ServerNames {
  const host = machine.hostname.trim().toLowerCase();
  const extraIps = publicHostnames.filter((name) => isIP(name) !== 0);
  const extraNames = publicHostnames.filter((name) => isIP(name) === 0).map((n) => n.toLowerCase());
  const dns = ['localhost', ...extraNames];
  if (host && host !== 'localhost') {
    dns.push(host);
    if (!host.endsWith('.local') && !host.includes('.')) dns.push(`${host}.local`);
  }
  return {
    dns: sortedUnique(dns),
    ips: sortedUnique(['127.0.0.1', '::1', ...machine.addresses, ...extraIps]),
  };
}

/** The https addresses a tablet should open (names first, then addresses, loopback last). */
export function httpsAddresses(names: ServerNames, port: number): string[] {
  const portPart = port === 443 ? '' : `:${port}`;
  const loopback = new Set(['localhost', '127.0.0.1', '::1']);
  const host = (name: string) => (isIP(name) === 6 ? `[${name}]` : name);
  const reachable = [...names.dns, ...names.ips].filter((name) => !loopback.has(name));
  return reachable.map((name) => `https://${host(name)}${portPart}`);
}
