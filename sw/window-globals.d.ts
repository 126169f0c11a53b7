/**
 * Window-only globals that code shared from src/ (src/sync/server-clock.ts) reads after a
 * `typeof … === 'undefined'` check. In the worker they are undefined, so they are declared
 * possibly undefined here: sw/ code cannot use them without the same check. Only
 * tsconfig.sw.json includes this file; the window program has the DOM's own declarations.
 */
interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

declare const localStorage: Storage | undefined;

declare const window:
  | {
      addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
    }
  | undefined;
