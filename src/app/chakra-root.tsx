import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../components/first-content.ts';
import { appSystem } from './chakra-system.ts';

const Toaster = lazy(() =>
  import('../components/ui/toaster-view.tsx').then((module) => ({ default: module.Toaster })),
);

/** A screen that does not mark its first content gets the toast region this long after. */
const toasterFallbackMs = 2000;

/**
 * Chakra's design system (touch-sized, chakra-system.ts) and the toast region; loaded on demand by
 * chakra-gate.tsx. The region comes after the first screen's content (issue 26 item 10).
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => afterFirstContent(() => setToasterWanted(true), toasterFallbackMs), []);
  return (
    <ChakraProvider value={appSystem}>
      {children}
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </ChakraProvider>
  );
}
