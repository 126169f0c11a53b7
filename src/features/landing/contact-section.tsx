import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n.tsx';
import { ContactForm } from '../contact/contact-form.tsx';

/** 'Wasiliana nasi' on the home page: the same form as /contact, with opening hours. */
export default function ContactSection() {
  const t = useT();
  return (
    <Box as="section" aria-labelledby="mawasiliano-title" py={{ base: '12', md: '16' }}>
      <SimpleGrid columns={{ base: 1, md: 5 }} gap={{ base: '6', md: '12' }}>
        <Stack gap="4" gridColumn={{ md: 'span 2' }}>
          <Heading as="h2" id="mawasiliano-title" size={{ base: '2xl', md: '3xl' }}>
            {t('landing.contact.title')}
          </Heading>
          <Text fontSize="lg">{t('landing.contact.lead')}</Text>
          <Text color="fg.muted">{t('landing.contact.hours')}</Text>
          <Text color="fg.muted">{t('landing.contact.address')}</Text>
        </Stack>
        <Box gridColumn={{ md: 'span 3' }}>
          <ContactForm />
        </Box>
      </SimpleGrid>
    </Box>
  );
}
