import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';

/** App-wide providers: Chakra's design system, the i18n layer and the toast region. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      <I18nProvider>
        {children}
        <Toaster />
      </I18nProvider>
    </ChakraProvider>
  );
}
