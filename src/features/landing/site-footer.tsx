import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { departmentIds, departments } from '../../../domain/departments.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import { useT } from '../../i18n/i18n.tsx';

function FooterLink({
  children,
  hash,
  to = '/',
}: {
  children: ReactNode;
  hash?: string;
  to?: '/' | '/contact' | '/login';
}) {
  return (
    <Link
      asChild
      color="gray.100"
      textDecoration="underline"
      textUnderlineOffset="3px"
      _hover={{ color: 'white' }}
    >
      <RouterLink to={to} hash={hash}>
        {children}
      </RouterLink>
    </Link>
  );
}

/** Footer of the marketing pages: the six services (Swahili first) and company links. */
export const SiteFooter = memo(function SiteFooter() {
  const t = useT();
  return (
    <Box as="footer" aria-label={t('footer.label')} bg="blue.900" color="gray.100" mt="8">
      <Container maxW="6xl" py="10">
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="8">
          <Stack gap="2">
            <Text fontWeight="bold" fontSize="lg" color="white">
              {t('app.name')}
            </Text>
            <Text>{t('landing.contact.address')}</Text>
            <Text>{t('landing.contact.hours')}</Text>
          </Stack>
          <Stack as="nav" aria-labelledby="footer-services" gap="2">
            <Heading as="h2" id="footer-services" size="md" color="white">
              {t('footer.services')}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="1.5">
              {departmentIds.map((id) => (
                <li key={id}>
                  <FooterLink hash={`huduma-${id}`}>
                    {t(departments[id].nameKey as MessageKey)}
                  </FooterLink>
                </li>
              ))}
            </Stack>
          </Stack>
          <Stack as="nav" aria-labelledby="footer-company" gap="2">
            <Heading as="h2" id="footer-company" size="md" color="white">
              {t('footer.company')}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="1.5">
              <li>
                <FooterLink hash="kuhusu">{t('footer.about')}</FooterLink>
              </li>
              <li>
                <FooterLink hash="maoni">{t('footer.testimonials')}</FooterLink>
              </li>
              <li>
                <FooterLink to="/contact">{t('footer.contact')}</FooterLink>
              </li>
              <li>
                <FooterLink to="/login">{t('footer.login')}</FooterLink>
              </li>
            </Stack>
          </Stack>
        </SimpleGrid>
        <Text mt="10" fontSize="sm" color="gray.300">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
});
