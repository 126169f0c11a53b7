import { Box, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A centred spinner with a visible label, announced to screen readers. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.500" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** An empty list or not-found message, with an optional action below it. */
export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Box textAlign="center" py="12" px="4" borderWidth="1px" borderStyle="dashed" rounded="md">
      <Heading as="p" size="md">
        {title}
      </Heading>
      {description ? (
        <Text mt="2" color="fg.muted">
          {description}
        </Text>
      ) : null}
      {children ? <Box mt="4">{children}</Box> : null}
    </Box>
  );
}
