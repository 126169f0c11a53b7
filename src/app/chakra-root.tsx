import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../components/first-content.ts';
import { appSystem } from './chakra-system.ts';

const Toaster = lazy(() =>
  import('../components/ui/toaster-view.tsx').then((module) => ({ default: module.Toaster })),
);

/** A screen that does not mark its first content gets the toast region this long after. */
const toasterFallbackMs = 2000;

/**
 * The same design system without its global styles: ChakraProvider inserts `_global` (the reset,
 * the global rules, the tokens' CSS variables) and the layer order unless `disableLayers`, and
 * reads these two fields only. ChakraStyles inserts them once for the page, so a provider around
 * the app or a part of it (chakra-gate.tsx) adds nothing to the document
 * (chakra-gate-switch.test.tsx checks it against the Chakra in node_modules).
 */
export const contextOnlySystem: SystemContext = {
  ...appSystem,
  _global: [],
  _config: { ...appSystem._config, disableLayers: true },
};

/**
 * Chakra's global styles and the toast region, mounted once beside the app (chakra-gate.tsx) as
 * soon as Chakra has loaded, never around it. The region comes after the first screen's content
 * (issue 26 item 10).
 */
export function ChakraStyles() {
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => afterFirstContent(() => setToasterWanted(true), toasterFallbackMs), []);
  return (
    <ChakraProvider value={appSystem}>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </ChakraProvider>
  );
}

/** Chakra's components work below it: the design system, without a second copy of its styles. */
export function ChakraContext({ children }: { children: ReactNode }) {
  return <ChakraProvider value={contextOnlySystem}>{children}</ChakraProvider>;
}
