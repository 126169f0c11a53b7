import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useT } from '../../i18n/i18n.tsx';
import { departmentIds, departments } from '../../../domain/departments.ts';
import { SlidePicture } from './slide-picture.tsx';

/** 'Huduma zetu': the six departments, each with its illustration and a short description. */
export default function ServicesSection() {
  const t = useT();
  return (
    <Box as="section" aria-labelledby="huduma-title" py={{ base: '12', md: '16' }}>
      <Stack gap="2" mb="8">
        <Heading as="h2" id="huduma-title" size={{ base: '2xl', md: '3xl' }}>
          {t('landing.services.title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('landing.services.lead')}
        </Text>
      </Stack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
        {departmentIds.map((id) => (
          <Box
            as="li"
            key={id}
            id={`huduma-${id}`}
            scrollMarginTop="20"
            borderWidth="1px"
            rounded="xl"
            overflow="hidden"
            bg="bg"
          >
            <SlidePicture
              id={id}
              alt=""
              sizes="(min-width: 62em) 380px, (min-width: 30em) 45vw, calc(100vw - 2rem)"
            />
            <Stack gap="2" p="5">
              <Heading as="h3" size="lg">
                {t(departments[id].nameKey as MessageKey)}
              </Heading>
              <Text>{t(`landing.service.${id}` as MessageKey)}</Text>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
