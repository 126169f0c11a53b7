/**
 * For component tests under jsdom (never imported by the app): the browser APIs jsdom lacks that
 * Chakra's overlays (matchMedia) and the router's scroll restoration (scrollTo) call.
 */
export function installJsdomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.scrollTo = () => undefined;
}
