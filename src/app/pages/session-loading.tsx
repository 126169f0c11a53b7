import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n.tsx';

/** Shown while the stored session is read, before the router first renders. */
export function SessionLoading() {
  const t = useT();
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.solid" />
        <Text color="fg.muted">{t('auth.session.loading')}</Text>
      </Stack>
    </Center>
  );
}
