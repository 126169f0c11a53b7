import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';

/** Chakra's design system and the toast region; loaded on demand by chakra-gate.tsx. */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
