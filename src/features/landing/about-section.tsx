import { Box, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n.tsx';

/** 'Kuhusu sisi': who the company is. Lazy: its own chunk, mounted near the viewport. */
export default function AboutSection() {
  const t = useT();
  return (
    <Box as="section" aria-labelledby="kuhusu-title" py={{ base: '12', md: '16' }}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '6', md: '12' }} alignItems="start">
        <Stack gap="4">
          <Heading as="h2" id="kuhusu-title" size={{ base: '2xl', md: '3xl' }}>
            {t('landing.about.title')}
          </Heading>
          <Text fontSize="lg">{t('landing.about.body1')}</Text>
          <Text fontSize="lg">{t('landing.about.body2')}</Text>
        </Stack>
        <List.Root gap="3" variant="plain" pt={{ md: '14' }}>
          {(['landing.about.point1', 'landing.about.point2', 'landing.about.point3'] as const).map(
            (key) => (
              <List.Item key={key} bg="blue.50" rounded="lg" px="4" py="3" fontWeight="medium">
                <Box as="span" aria-hidden="true" color="blue.700" me="2">
                  ✓
                </Box>
                {t(key)}
              </List.Item>
            ),
          )}
        </List.Root>
      </SimpleGrid>
    </Box>
  );
}
