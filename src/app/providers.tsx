import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n.tsx';
import { ChakraGate } from './chakra-gate.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * App-wide providers: the i18n layer, then Chakra's design system once it has been loaded (with
 * the toast region), and the service worker's update prompt (plain, so it shows on every page).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ChakraGate>{children}</ChakraGate>
      <UpdatePrompt />
    </I18nProvider>
  );
}
