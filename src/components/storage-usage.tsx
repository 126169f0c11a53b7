import { Box, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { localeOf } from '../i18n/format.ts';
import { useLanguage, useT } from '../i18n/i18n.tsx';
import { formatBytes, readStorageUse, type StorageUse } from './storage-estimate.ts';

/**
 * The sync panel's storage line (decision 0035): how much this app keeps on the device, and a
 * warning when the browser's quota is nearly full (a full quota makes every write on the tablet
 * fail, queued orders included). Read each time the panel opens: the estimate is cheap, and it
 * changes as lists are pulled and pruned.
 */
export function StorageUsage({
  read = readStorageUse,
}: {
  /** The estimate (tests pass their own). */
  read?: () => Promise<StorageUse | null>;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void read().then((value) => {
      if (current) setUse(value);
    });
    return () => {
      current = false;
    };
  }, [read]);

  if (use === undefined)
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        {t('syncStatus.storage.checking')}
      </Text>
    );
  if (use === null)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('syncStatus.storage.unknown')}
      </Text>
    );
  const locale = localeOf[language];
  const used = t('syncStatus.storage.used', {
    used: formatBytes(use.usedBytes, locale),
    quota: formatBytes(use.quotaBytes, locale),
    percent: use.percent,
  });
  if (!use.nearlyFull)
    return (
      <Text fontSize="sm" color="fg.muted">
        {used}
      </Text>
    );
  return (
    <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" p="2" role="alert">
      <Text fontSize="sm" fontWeight="semibold">
        {t('syncStatus.storage.nearlyFull')}
      </Text>
      <Text fontSize="sm">{used}</Text>
      <Text fontSize="sm">{t('syncStatus.storage.nearlyFullHelp')}</Text>
    </Box>
  );
}
