import type { ReactNode } from 'react';
import { productDepartmentIds } from '../../domain/departments.ts';
import {
  loadChakraAroundApp,
  loadChakraForParts,
  setChakraLoader,
  useChakraAroundApp,
  useLoadedChakra,
  type ChakraModule,
} from '../components/chakra-part.tsx';

/**
 * Chakra UI is loaded on demand (docs/decisions/0005-public-pages-without-chakra.md, 0015, 0045).
 * The public marketing pages, the login page, the app shell (navigation bar, skip link, loading,
 * error and not-found screens, update prompt) and each product department's home (its header and
 * list, what a tablet opens first) are plain elements with static CSS; every other page is built
 * with Chakra, whose design system and run-time styling cost a long task at start-up.
 *
 * Invariant: a Chakra component is rendered only inside a provider, and a provider only after
 * Chakra has loaded. Two kinds of provider:
 * - around the app (`ChakraGate`), from the first page built with Chakra on: the root route's
 *   `beforeLoad` (root-route.tsx) calls `loadChakra()` before such a page renders;
 * - around a part of a page that renders without it (`ChakraPart`, src/components/chakra-part.tsx:
 *   the navigation bar's sync status, a Logout dialog, the barcode scanner), loaded by
 *   `loadChakraForParts()` when that part is wanted. That does not switch the gate: switching
 *   it remounts the whole app below it, the page being read with it.
 * Chakra's global styles and the toast region are mounted once beside the app (`ChakraStylesSlot`).
 */
setChakraLoader(() =>
  import('./chakra-root.tsx').then((module): ChakraModule => ({
    ChakraStyles: module.ChakraStyles,
    ChakraContext: module.ChakraContext,
  })),
);

/**
 * Pages that render without Chakra: the marketing pages and the login page, which an anonymous
 * visitor opens first (on the login page, only a signed-in user's Logout dialog is Chakra), and
 * each product department's home, which a tablet opens first (issue 26 item 10).
 */
export const pagesWithoutChakra: ReadonlySet<string> = new Set([
  '/',
  '/contact',
  '/login',
  ...productDepartmentIds.map((dept) => `/${dept}`),
]);

export function rendersWithoutChakra(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pagesWithoutChakra.has(trimmed);
}

/**
 * Loads Chakra (once) for a page built with it; resolves when `ChakraGate` provides it around the
 * app, as it does from then on.
 */
export function loadChakra(): Promise<void> {
  return loadChakraAroundApp();
}

/**
 * What the route guard waits for before a page renders (root-route.tsx): nothing for a page
 * that renders without Chakra; Chakra around the app for one built with it. A preload (a link
 * hovered or pressed, `defaultPreload: 'intent'`) only loads it: switching the gate remounts the
 * app, the link being pressed with it, so a tap whose press came before the switch and its
 * release after was lost (the pointer's up landed on a new element, and no click followed).
 */
export function chakraBeforePage(pathname: string, preload: boolean): Promise<void> | undefined {
  if (rendersWithoutChakra(pathname)) return undefined;
  return preload ? loadChakraForParts() : loadChakra();
}

/**
 * Provides Chakra around the app once a page built with it has asked (`loadChakra`). The switch
 * remounts the tree below (a different parent element type): it happens once per page load, at
 * the first page that needs Chakra, before that page renders, so only a page that started without
 * it (a department's home, the marketing pages, /login) is drawn afresh, as it is left. Chakra
 * loaded later for a part of such a page does not switch it.
 */
export function ChakraGate({ children }: { children: ReactNode }) {
  const loaded = useChakraAroundApp();
  if (!loaded) return children;
  return <loaded.ChakraContext>{children}</loaded.ChakraContext>;
}

/** Chakra's global styles and the toast region, beside the app once Chakra has loaded. */
export function ChakraStylesSlot() {
  const loaded = useLoadedChakra();
  if (!loaded) return null;
  return <loaded.ChakraStyles />;
}
