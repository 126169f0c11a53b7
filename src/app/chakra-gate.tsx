import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * Chakra UI is loaded on demand (docs/decisions/0005-public-pages-without-chakra.md, 0015). The
 * public marketing pages, the login page and the app shell (navigation bar, skip link, loading,
 * error and not-found screens, update prompt) are plain elements with static CSS; every other
 * page is built with Chakra, whose design system and run-time styling cost a long task at start-up.
 *
 * Invariant: a Chakra component is rendered only after `loadChakra()` has resolved. The root
 * route's `beforeLoad` (root-route.tsx) loads it before any page outside `pagesWithoutChakra` is
 * rendered, and the navigation bar waits for it before it shows the signed-in parts.
 */
type ChakraRootComponent = ComponentType<{ children: ReactNode }>;

let chakraRoot: ChakraRootComponent | null = null;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Pages that render without Chakra: the marketing pages and the login page, which an anonymous
 * visitor opens first (on the login page, only a signed-in user's Logout dialog is Chakra: it
 * waits for the navigation bar's `loadChakra()`).
 */
export const pagesWithoutChakra: ReadonlySet<string> = new Set(['/', '/contact', '/login']);

export function rendersWithoutChakra(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pagesWithoutChakra.has(trimmed);
}

/** Loads Chakra's provider (once); resolves when `ChakraGate` provides it. */
export function loadChakra(): Promise<void> {
  loading ??= import('./chakra-root.tsx').then(
    (module) => {
      chakraRoot = module.ChakraRoot;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // A failed fetch (offline before the chunk was cached) may succeed on the next navigation.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentChakraRoot = (): ChakraRootComponent | null => chakraRoot;

/** True once Chakra's provider is in place. */
export function useChakraReady(): boolean {
  return useSyncExternalStore(subscribe, currentChakraRoot, () => null) !== null;
}

/**
 * Provides Chakra around the app once it has been loaded. The first switch remounts the tree
 * below (a different parent element type): it happens once per page load, before the first
 * render on every page that needs Chakra, so only a page that started without it (the home page
 * of a signed-in user, or a visitor leaving it) is rendered a second time.
 */
export function ChakraGate({ children }: { children: ReactNode }) {
  const ChakraRoot = useSyncExternalStore(subscribe, currentChakraRoot, () => null);
  if (!ChakraRoot) return children;
  return <ChakraRoot>{children}</ChakraRoot>;
}
