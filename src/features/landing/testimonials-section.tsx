import { Blockquote, Box, Heading, SimpleGrid } from '@chakra-ui/react';
import { useT } from '../../i18n/i18n.tsx';

const testimonials = [
  { quote: 'landing.testimonial1.quote', name: 'landing.testimonial1.name' },
  { quote: 'landing.testimonial2.quote', name: 'landing.testimonial2.name' },
  { quote: 'landing.testimonial3.quote', name: 'landing.testimonial3.name' },
] as const;

/** 'Wateja wetu wanasema': three short customer quotes. */
export default function TestimonialsSection() {
  const t = useT();
  return (
    <Box as="section" aria-labelledby="maoni-title" py={{ base: '12', md: '16' }}>
      <Heading as="h2" id="maoni-title" size={{ base: '2xl', md: '3xl' }} mb="8">
        {t('landing.testimonials.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {testimonials.map((item) => (
          <Box as="figure" key={item.quote} bg="orange.50" rounded="xl" p="6" m="0">
            <Blockquote.Root variant="plain" p="0">
              <Blockquote.Content fontSize="lg">“{t(item.quote)}”</Blockquote.Content>
            </Blockquote.Root>
            <Box as="figcaption" mt="4" fontWeight="semibold" color="orange.900">
              {t(item.name)}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
