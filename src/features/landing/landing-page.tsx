import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from '@tanstack/react-router';
import { lazy, memo, useEffect } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { LazySection } from './lazy-section.tsx';
import { SiteFooter } from './site-footer.tsx';
import { Slideshow } from './slideshow.tsx';
import { useMarketingLanguage } from './use-marketing-language.ts';

// Below the fold: each section is its own chunk, fetched as it approaches the viewport.
const AboutSection = lazy(() => import('./about-section.tsx'));
const ServicesSection = lazy(() => import('./services-section.tsx'));
const TestimonialsSection = lazy(() => import('./testimonials-section.tsx'));
const ContactSection = lazy(() => import('./contact-section.tsx'));

// Space kept for each section until it renders (measured at 412 and 1280 px wide).
const sectionHeights = {
  kuhusu: { base: '39rem', md: '24rem' },
  huduma: { base: '145rem', md: '62rem' },
  maoni: { base: '47rem', md: '26rem' },
  mawasiliano: { base: '46rem', md: '34rem' },
} as const;

// How long a followed link waits for its lazily mounted target before giving up.
const hashTargetWaitMs = 10_000;

/**
 * Scrolls to the element named by the URL hash once it exists: targets inside lazy sections
 * appear only after their chunk has loaded.
 */
function useScrollToHash(hash: string): void {
  useEffect(() => {
    if (!hash) return;
    let cancelled = false;
    const scrollWhenPresent = (): boolean => {
      const target = document.getElementById(hash);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scrollWhenPresent()) return;
    const observer = new MutationObserver(() => {
      if (!cancelled && scrollWhenPresent()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), hashTargetWaitMs);
    return () => {
      cancelled = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hash]);
}

// memo (no props): skips the router's second render after the first load.
const Hero = memo(function Hero() {
  const t = useT();
  return (
    <Box bgGradient="to-b" gradientFrom="orange.50" gradientTo="bg" borderBottomWidth="1px">
      <Container maxW="6xl" py={{ base: '8', md: '14' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '12' }} alignItems="center">
          <Stack gap="5">
            <Text
              color="blue.800"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wide"
              fontSize="sm"
            >
              {t('landing.hero.eyebrow')}
            </Text>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
              {t('landing.hero.title')}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
              {t('landing.hero.lead')}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" bg="blue.700" color="white" _hover={{ bg: 'blue.800' }}>
                <RouterLink to="/" hash="mawasiliano">
                  {t('landing.hero.contact')}
                </RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" borderColor="blue.700" color="blue.800">
                <RouterLink to="/" hash="huduma">
                  {t('landing.hero.services')}
                </RouterLink>
              </Button>
            </Stack>
          </Stack>
          <Slideshow />
        </SimpleGrid>
      </Container>
    </Box>
  );
});

/** / : the public marketing page, in Kiswahili unless the visitor chose English. */
export function LandingPage() {
  const t = useT();
  useMarketingLanguage();
  const hash = useLocation({ select: (location) => location.hash });
  useScrollToHash(hash);
  // A followed link to a section mounts every section, so the page above the target is complete.
  const eager = hash !== '';

  return (
    <>
      <title>{t('landing.meta.title')}</title>
      <Hero />
      <Container maxW="6xl">
        <LazySection
          id="kuhusu"
          component={AboutSection}
          minHeight={sectionHeights.kuhusu}
          eager={eager}
        />
        <LazySection
          id="huduma"
          component={ServicesSection}
          minHeight={sectionHeights.huduma}
          eager={eager}
        />
        <LazySection
          id="maoni"
          component={TestimonialsSection}
          minHeight={sectionHeights.maoni}
          eager={eager}
        />
        <LazySection
          id="mawasiliano"
          component={ContactSection}
          minHeight={sectionHeights.mawasiliano}
          eager={eager}
        />
      </Container>
      <SiteFooter />
    </>
  );
}
