import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * Chakra UI, loaded on demand (src/app/chakra-gate.tsx, decision 0045): what a part of a page that
 * renders without Chakra (the navigation bar's sync status, a Logout dialog, the barcode scanner)
 * needs to show a Chakra component. app/ supplies the loader (`setChakraLoader`): shared folders
 * do not import app/, where the design system is configured.
 *
 * Invariant: a Chakra component is rendered only inside a provider, and a provider only after
 * Chakra has loaded. `ChakraPart` renders nothing until then.
 */
export interface ChakraModule {
  /** Chakra's global styles and the toast region, mounted once beside the app. */
  ChakraStyles: ComponentType;
  /** The design system's provider, without a second copy of the global styles. */
  ChakraContext: ComponentType<{ children: ReactNode }>;
}

let loader: (() => Promise<ChakraModule>) | null = null;
let chakra: ChakraModule | null = null;
/** Set by the first page built with Chakra; from then on it is provided around the whole app. */
let aroundApp = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function setChakraLoader(load: () => Promise<ChakraModule>): void {
  loader = load;
}

function notifyChakraListeners(): void {
  for (const listener of listeners) listener();
}

/** Loads Chakra (once); resolves when `ChakraPart` can provide it. */
export function loadChakraForParts(): Promise<void> {
  if (!loader) return Promise.reject(new Error('no Chakra loader: app/chakra-gate.tsx sets it'));
  loading ??= loader().then(
    (module) => {
      chakra = module;
      notifyChakraListeners();
    },
    (error: unknown) => {
      // A failed fetch (offline before the chunk was cached) may succeed on the next try.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads Chakra (once) for a page built with it, and provides it around the whole app from then on
 * (src/app/chakra-gate.tsx reads `useChakraAroundApp`).
 */
export function loadChakraAroundApp(): Promise<void> {
  if (!aroundApp) {
    aroundApp = true;
    if (chakra) notifyChakraListeners();
  }
  return loadChakraForParts();
}

function subscribeChakra(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadedChakra = (): ChakraModule | null => chakra;
const chakraAroundApp = (): ChakraModule | null => (aroundApp ? chakra : null);

/** Chakra's module once it has loaded, else null; re-renders when it arrives. */
export function useLoadedChakra(): ChakraModule | null {
  return useSyncExternalStore(subscribeChakra, loadedChakra, () => null);
}

/** Chakra's module once it has loaded and a page built with it has asked for it, else null. */
export function useChakraAroundApp(): ChakraModule | null {
  return useSyncExternalStore(subscribeChakra, chakraAroundApp, () => null);
}

/**
 * A part built with Chakra in a page that may render without it: nothing until Chakra has loaded
 * (the part's owner calls `loadChakraForParts()` when it wants it), then the part in a provider.
 */
export function ChakraPart({ children }: { children: ReactNode }) {
  const loaded = useLoadedChakra();
  if (!loaded) return null;
  return <loaded.ChakraContext>{children}</loaded.ChakraContext>;
}
