import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { appSystem } from './chakra-system.ts';

/** Chakra's design system (touch-sized, chakra-system.ts) and the toast region; loaded on demand by chakra-gate.tsx. */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
