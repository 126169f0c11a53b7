import { Box, Button, Group, VisuallyHidden } from '@chakra-ui/react';
import type { Language } from '../i18n/dictionaries.ts';
import { useLanguage, useT } from '../i18n/i18n.tsx';

// Each language is named in itself, so a reader of either language finds their own.
const options: readonly { language: Language; name: string; short: string }[] = [
  { language: 'sw', name: 'Kiswahili', short: 'SW' },
  { language: 'en', name: 'English', short: 'EN' },
];

/**
 * Kiswahili / English. The choice applies at once (no reload), sets <html lang> and is remembered
 * on this device (localStorage 'lang', see src/i18n/language.ts).
 */
export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <Group attached role="group" aria-label={t('nav.language')}>
      {options.map((option) => {
        const selected = option.language === language;
        return (
          <Button
            key={option.language}
            lang={option.language}
            size="xs"
            variant={selected ? 'solid' : 'outline'}
            bg={selected ? 'blue.700' : undefined}
            color={selected ? 'white' : 'fg'}
            aria-pressed={selected}
            onClick={() => setLanguage(option.language)}
          >
            <Box as="span" hideBelow="sm">
              {option.name}
            </Box>
            <Box as="span" hideFrom="sm">
              <span aria-hidden="true">{option.short}</span>
              <VisuallyHidden>{option.name}</VisuallyHidden>
            </Box>
          </Button>
        );
      })}
    </Group>
  );
}
