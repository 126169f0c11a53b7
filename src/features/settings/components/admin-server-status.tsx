import { Box, Card, Code, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ServerStatusJson } from '../../../../domain/server-status.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import { ErrorBanner, describeFailure } from '../../../components/admin-connection.tsx';
import { LoadingState } from '../../../components/page-states.tsx';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { fetchServerStatus } from '../data/admin-settings-api.ts';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: OnlineFailure }
  | { kind: 'ready'; status: ServerStatusJson };

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/**
 * Settings → Tablets and Backups (issue 23): the https addresses tablets open, each with its QR
 * code, the setup page, the certificate authority's fingerprint and the certificates' expiry;
 * and the daily backups with the last one's time and size. Online only (GET /server-status).
 */
export function AdminServerStatus({ token, attempt }: { token: string; attempt: number }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { language } = useLanguage();
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    void fetchServerStatus(token).then((result) => {
      if (!current) return;
      setLoad(
        result.ok ? { kind: 'ready', status: result.value } : { kind: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  if (load.kind === 'loading') return <LoadingState label={t('settings.loading')} />;
  if (load.kind === 'failed') {
    return load.failure.reason === 'network' ? null : (
      <ErrorBanner>
        {t('settings.loadStatusFailed', {
          message: describeFailure(t, translateMessage, load.failure),
        })}
      </ErrorBanner>
    );
  }
  const { tls, backups } = load.status;
  const date = (value: string | null) => formatDate(value ?? undefined, language);
  return (
    <>
      <Card.Root as="section" aria-labelledby="settings-tablets">
        <Card.Header>
          <Card.Title as="h2" id="settings-tablets">
            {t('settings.tablets.title')}
          </Card.Title>
          <Card.Description>
            {tls.mode === 'off'
              ? t('settings.tablets.tlsOff')
              : tls.mode === 'files'
                ? t('settings.tablets.ownCertificate')
                : t('settings.tablets.text')}
          </Card.Description>
        </Card.Header>
        {tls.mode === 'off' ? null : (
          <Card.Body>
            <Stack gap="4">
              {tls.setupUrls.length > 0 ? (
                <Box>
                  <Text fontWeight="semibold">{t('settings.tablets.setup')}</Text>
                  <Link href={tls.setupUrls[0]} wordBreak="break-all">
                    {tls.setupUrls[0]}
                  </Link>
                </Box>
              ) : null}
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {tls.addresses.map((address) => (
                  <Box key={address.url}>
                    <Link href={`${address.url}/`} fontSize="lg" wordBreak="break-all">
                      {address.url}
                    </Link>
                    <Image
                      src={address.qr}
                      alt={t('settings.tablets.qr', { address: address.url })}
                      width="10rem"
                      height="10rem"
                    />
                  </Box>
                ))}
              </SimpleGrid>
              {tls.caFingerprint ? (
                <Box>
                  <Text fontWeight="semibold">{t('settings.tablets.fingerprint')}</Text>
                  <Code data-testid="ca-fingerprint" wordBreak="break-all" whiteSpace="normal">
                    {tls.caFingerprint}
                  </Code>
                  <Text>{t('settings.tablets.caExpires', { date: date(tls.caExpiresAt) })}</Text>
                </Box>
              ) : null}
              {tls.certificateExpiresAt ? (
                <Text>
                  {t('settings.tablets.certificateExpires', {
                    date: date(tls.certificateExpiresAt),
                  })}
                </Text>
              ) : null}
            </Stack>
          </Card.Body>
        )}
      </Card.Root>
      <Card.Root as="section" aria-labelledby="settings-backups">
        <Card.Header>
          <Card.Title as="h2" id="settings-backups">
            {t('settings.backups.title')}
          </Card.Title>
        </Card.Header>
        <Card.Body>
          {backups.enabled ? (
            <Stack gap="2">
              <Text>
                {t('settings.backups.schedule', {
                  time: backups.at ?? '',
                  zone: backups.timeZone ?? '',
                  dir: backups.dir ?? '',
                  keep: String(backups.keep),
                })}
              </Text>
              <Text data-testid="last-backup">
                {backups.last
                  ? t('settings.backups.last', {
                      date: formatDateTime(backups.last.at, language),
                      size: sizeText(backups.last.bytes),
                    })
                  : t('settings.backups.none', {
                      date: formatDateTime(backups.next ?? undefined, language),
                    })}
              </Text>
            </Stack>
          ) : (
            <Text>
              {backups.disabledReason === 'postgres'
                ? t('settings.backups.postgres')
                : t('settings.backups.off')}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </>
  );
}
