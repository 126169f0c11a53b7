import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type NodeForge from 'node-forge';
import type { ServerNames } from './server-names.ts';

/**
 * The shop's own certificate authority (decision 0022). On first start it is created in
 * `DATA_DIR/tls/` (its key readable by its owner only, valid 10 years); it issues the server's
 * certificate for every name and address in `ServerNames`. A tablet trusts the CA once (from
 * /trust); the server's certificate can then be reissued by the same CA whenever the names
 * change (a new DHCP address, a PUBLIC_HOSTNAMES entry) or it nears its end, and the tablet keeps
 * trusting it.
 *
 * Keys are RSA 2048 made by node:crypto; certificates are built and signed with node-forge
 * (Node can read X.509 but not write it). RSA rather than ECDSA: every Android and iOS version
 * a shop's tablet might run accepts it.
 */
export interface LocalTls {
  caPem: string;
  /** SHA-256 of the CA certificate, 'AB:CD:…', as Android and iOS show it. */
  caFingerprint: string;
  caNotAfter: Date;
  certPem: string;
  keyPem: string;
  certNotAfter: Date;
  names: ServerNames;
  /** The server certificate was issued during this call. */
  reissued: boolean;
  /** The CA was created during this call (first start). */
  caCreated: boolean;
}

export const caValidityDays = 3650;
/** Under Apple's and the browsers' 398-day ceiling for server certificates. */
export const serverCertValidityDays = 397;
/** A certificate this close to its end is reissued. */
export const renewWithinDays = 30;

const dayMs = 24 * 60 * 60_000;
const caSubject = [
  { name: 'commonName', value: 'Trading Company local CA' },
  { name: 'organizationName', value: 'Trading Company' },
];

const files = (dir: string) => ({
  caCert: join(dir, 'ca.crt'),
  caKey: join(dir, 'ca.key'),
  cert: join(dir, 'server.crt'),
  key: join(dir, 'server.key'),
  names: join(dir, 'server-names.json'),
});

function rsaKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A positive serial number of 16 random bytes (RFC 5280: unique per issuer, at most 20). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** Written under a temporary name and renamed, so a crash never leaves half a key. */
function writePrivate(path: string, content: string, mode: number): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, content, { mode });
  chmodSync(partial, mode);
  renameSync(partial, path);
}

export function fingerprintOf(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}

type Forge = typeof NodeForge;
let forgeModule: Promise<Forge> | undefined;

/** node-forge, loaded only when a certificate is made (not on every start). */
async function loadForge(): Promise<Forge> {
  forgeModule ??= import('node-forge').then((module) => (module.default ?? module) as Forge);
  return forgeModule;
}

function createCa(forge: Forge, now: Date): { certPem: string; keyPem: string } {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = serialNumber();
  // An hour back: a tablet whose clock runs a little behind must not see it as not yet valid.
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60_000);
  cert.validity.notAfter = new Date(now.getTime() + caValidityDays * dayMs);
  cert.setSubject(caSubject);
  cert.setIssuer(caSubject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privateKey };
}

function issueServerCertificate(
  forge: Forge,
  ca: { certPem: string; keyPem: string },
  names: ServerNames,
  now: Date,
): { certPem: string; keyPem: string } {
  const keys = rsaKeyPair();
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60_000);
  cert.validity.notAfter = new Date(now.getTime() + serverCertValidityDays * dayMs);
  cert.setSubject([
    { name: 'commonName', value: names.dns.find((n) => n !== 'localhost') ?? 'localhost' },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...names.dns.map((value) => ({ type: 2, value })),
        ...names.ips.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(ca.keyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privateKey };
}

function sameNames(a: ServerNames, b: ServerNames): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function readNames(path: string): ServerNames | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ServerNames>;
    return Array.isArray(parsed.dns) && Array.isArray(parsed.ips)
      ? { dns: parsed.dns.map(String), ips: parsed.ips.map(String) }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CA and a server certificate for `names` in `dir`, made or renewed as needed: the CA when
 * it is missing, the server certificate when it is missing, was issued for other names or by
 * another CA, or has under 30 days left.
 */
export async function ensureLocalTls(
  dir: string,
  names: ServerNames,
  now = new Date(),
): Promise<LocalTls> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const paths = files(dir);
  const nearEnd = (pem: string) =>
    new Date(new X509Certificate(pem).validTo).getTime() - now.getTime() < renewWithinDays * dayMs;

  // An existing CA is never replaced by itself: every tablet trusts it. Its end (ten years on)
  // is shown at start and under Settings; replacing it means setting up every tablet again.
  let ca: { certPem: string; keyPem: string } | undefined;
  if (existsSync(paths.caCert) && existsSync(paths.caKey)) {
    ca = { certPem: readFileSync(paths.caCert, 'utf8'), keyPem: readFileSync(paths.caKey, 'utf8') };
  }
  let caCreated = false;
  if (!ca) {
    ca = createCa(await loadForge(), now);
    writePrivate(paths.caKey, ca.keyPem, 0o600);
    writeFileSync(paths.caCert, ca.certPem, { mode: 0o644 });
    caCreated = true;
  }
  const caX509 = new X509Certificate(ca.certPem);

  let cert: { certPem: string; keyPem: string } | undefined;
  if (!caCreated && existsSync(paths.cert) && existsSync(paths.key)) {
    const certPem = readFileSync(paths.cert, 'utf8');
    const issuedFor = readNames(paths.names);
    const current =
      issuedFor !== undefined &&
      sameNames(issuedFor, names) &&
      !nearEnd(certPem) &&
      new X509Certificate(certPem).verify(caX509.publicKey);
    if (current) cert = { certPem, keyPem: readFileSync(paths.key, 'utf8') };
  }
  let reissued = false;
  if (!cert) {
    cert = issueServerCertificate(await loadForge(), ca, names, now);
    writePrivate(paths.key, cert.keyPem, 0o600);
    writeFileSync(paths.cert, cert.certPem, { mode: 0o644 });
    writeFileSync(paths.names, `${JSON.stringify(names, null, 2)}\n`);
    reissued = true;
  }
  return {
    caPem: ca.certPem,
    caFingerprint: caX509.fingerprint256,
    caNotAfter: new Date(caX509.validTo),
    certPem: cert.certPem,
    keyPem: cert.keyPem,
    certNotAfter: new Date(new X509Certificate(cert.certPem).validTo),
    names,
    reissued,
    caCreated,
  };
}
