import { Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.tsx';

/**
 * A simple page: container, one h1 and the document title (React 19 hoists <title> into <head>).
 * Pages with their own layout (the landing page) do not need it.
 */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <Stack gap="5">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
