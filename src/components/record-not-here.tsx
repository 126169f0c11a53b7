import { Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EmptyState, LoadingState } from './page-states.tsx';
import { PageHeader } from './page-header.tsx';
import { RefusedWrites } from './refused-writes.tsx';

/** A record's page while its mirror read is in flight. */
export function RecordLoading({ label }: { label: string }) {
  return (
    <Container maxW="4xl" py="6">
      <LoadingState label={label} />
    </Container>
  );
}

/**
 * A record's page when the record is not in the mirror: a write the server refused was undone, so
 * the page says so and lists the refused writes of its entity to decide on (Retry, Discard).
 */
export function RecordNotHere({
  title,
  text,
  department,
  entity,
  children,
}: {
  title: string;
  text: string;
  department: string;
  entity: string;
  /** The way back (links), under the text. */
  children: ReactNode;
}) {
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="4">
        <PageHeader title={title} />
        <RefusedWrites department={department} entity={entity} />
        <EmptyState title={text}>{children}</EmptyState>
      </Stack>
    </Container>
  );
}
