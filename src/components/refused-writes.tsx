import { Heading, Stack, Text } from '@chakra-ui/react';
import { useT } from '../i18n/i18n.tsx';
import { useSyncStatus } from '../sync/use-sync-status.ts';
import { FailureRow } from './failure-row.tsx';

/**
 * The writes of one entity (kinds '<entity>.create', '<entity>.update', … in the sync registry)
 * the server refused in this department, shown on the screen where
 * they were made (an order on Orders), marked 'Refused — needs your decision' with Retry and
 * Discard, until the clerk decides. A refused write's optimistic change is rolled back, so without
 * this it would vanish from its list and live only in the sync status.
 */
export function RefusedWrites({
  department,
  entity,
}: {
  department: string;
  /** The registry kinds' prefix: 'order' for 'order.create', 'order.update', 'order.delete'. */
  entity: string;
}) {
  const t = useT();
  const { failed } = useSyncStatus();
  const here = failed.filter(
    (entry) => entry.department === department && (entry.kind ?? '').startsWith(`${entity}.`),
  );
  if (here.length === 0) return null;
  return (
    <Stack
      as="section"
      aria-labelledby="refused-writes-title"
      gap="2"
      borderWidth="1px"
      borderColor="red.300"
      bg="red.50"
      rounded="md"
      p="3"
    >
      <Heading as="h2" size="md" id="refused-writes-title" color="red.800">
        {t('syncStatus.refusedHere.title')}
      </Heading>
      <Text fontSize="sm">{t('syncStatus.refusedHere.intro')}</Text>
      <Stack as="ul" gap="2" listStyleType="none" bg="white" rounded="md">
        {here.map((entry) => (
          <FailureRow key={entry.id} entry={entry} />
        ))}
      </Stack>
    </Stack>
  );
}
