import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { ensureLocalTls, type LocalTls } from './local-ca.ts';
import { httpsAddresses, serverNames, type ServerNames } from './server-names.ts';
import { tlsOff, type TlsInfo } from './tls-info.ts';

/**
 * The certificate the HTTPS listener presents, by TLS mode (decision 0022):
 * - `auto`: the local CA in DATA_DIR/tls issues one for this machine's names and addresses and
 *   PUBLIC_HOSTNAMES, reissued at start when they changed or it nears its end;
 * - `files`: TLS_CERT_FILE and TLS_KEY_FILE (e.g. a real domain's certificate), re-read when
 *   they change;
 * - `off`: no HTTPS.
 * A certificate that cannot be read or does not match its key stops the start with a message
 * naming the variable.
 */
export interface PreparedTls {
  info: TlsInfo;
  /** PEM certificate (chain) and key for the listener; absent with TLS=off. */
  material?: { cert: string; key: string };
  /** Calls `onChange` with new material whenever the certificate files change (TLS=files). */
  watch?(onChange: (material: { cert: string; key: string }, info: TlsInfo) => void): () => void;
}

function configError(variable: string, problem: string): Error {
  return new Error(`Invalid configuration:\n  - ${variable}: ${problem}`);
}

/** The DNS names and IP addresses a certificate is valid for, from its subjectAltName. */
function namesOf(certificate: X509Certificate): ServerNames {
  const dns: string[] = [];
  const ips: string[] = [];
  for (const entry of (certificate.subjectAltName ?? '').split(/,\s*/)) {
    if (entry.startsWith('DNS:')) dns.push(entry.slice(4));
    else if (entry.startsWith('IP Address:')) ips.push(entry.slice(11));
  }
  return { dns, ips };
}

function readFiles(config: Config): { material: { cert: string; key: string }; info: TlsInfo } {
  const certFile = config.tlsCertFile ?? '';
  const keyFile = config.tlsKeyFile ?? '';
  let cert: string;
  let key: string;
  try {
    cert = readFileSync(certFile, 'utf8');
  } catch (error) {
    throw configError('TLS_CERT_FILE', `cannot read ${certFile} (${(error as Error).message})`);
  }
  try {
    key = readFileSync(keyFile, 'utf8');
  } catch (error) {
    throw configError('TLS_KEY_FILE', `cannot read ${keyFile} (${(error as Error).message})`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch (error) {
    throw configError(
      'TLS_CERT_FILE',
      `${certFile} is not a PEM certificate (${(error as Error).message})`,
    );
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(key))) {
      throw new Error('the key does not belong to the certificate');
    }
  } catch (error) {
    throw configError(
      'TLS_KEY_FILE',
      `${keyFile} does not fit TLS_CERT_FILE (${(error as Error).message})`,
    );
  }
  return {
    material: { cert, key },
    info: {
      mode: 'files',
      httpsPort: config.httpsPort,
      addresses: httpsAddresses(namesOf(certificate), config.httpsPort),
      certificate: {
        fingerprint: certificate.fingerprint256,
        notAfter: new Date(certificate.validTo),
      },
    },
  };
}

function localInfo(config: Config, local: LocalTls): TlsInfo {
  return {
    mode: 'auto',
    httpsPort: config.httpsPort,
    addresses: httpsAddresses(local.names, config.httpsPort),
    ca: { pem: local.caPem, fingerprint: local.caFingerprint, notAfter: local.caNotAfter },
    certificate: {
      fingerprint: new X509Certificate(local.certPem).fingerprint256,
      notAfter: local.certNotAfter,
    },
  };
}

/**
 * TLS=auto while running: the certificate for this machine's names and addresses now, when it
 * had to be reissued (the names changed, or it nears its end); `info` is updated in place.
 */
export async function renewLocalTls(
  config: Config,
  info: TlsInfo,
): Promise<{ cert: string; key: string } | undefined> {
  const local = await ensureLocalTls(
    join(config.dataDir, 'tls'),
    serverNames(config.publicHostnames),
  );
  if (!local.reissued) return undefined;
  Object.assign(info, localInfo(config, local));
  return { cert: local.certPem, key: local.keyPem };
}

export async function prepareTls(config: Config): Promise<PreparedTls> {
  if (config.tls === 'off') return { info: tlsOff };
  if (config.tls === 'files') {
    const first = readFiles(config);
    return {
      ...first,
      watch(onChange) {
        const files = [config.tlsCertFile ?? '', config.tlsKeyFile ?? ''];
        const reread = () => {
          try {
            const next = readFiles(config);
            onChange(next.material, next.info);
          } catch {
            // Half-written (the key replaced before the certificate): the next change retries.
          }
        };
        for (const file of files) watchFile(file, { interval: 5000 }, reread);
        return () => {
          for (const file of files) unwatchFile(file, reread);
        };
      },
    };
  }
  const local = await ensureLocalTls(
    join(config.dataDir, 'tls'),
    serverNames(config.publicHostnames),
  );
  return { material: { cert: local.certPem, key: local.keyPem }, info: localInfo(config, local) };
}
