import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n.tsx';
import { ChakraGate, ChakraStylesSlot } from './chakra-gate.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * App-wide providers: the i18n layer, then Chakra's design system around the app once a page
 * built with it has loaded it, its global styles and toast region beside the app (chakra-gate.tsx),
 * and the service worker's update prompt (plain, so it shows on every page).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ChakraGate>{children}</ChakraGate>
      <ChakraStylesSlot />
      <UpdatePrompt />
    </I18nProvider>
  );
}
