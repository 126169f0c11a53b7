import { useCallback, useRef, useState } from 'react';
import { useTranslateMessage } from '../i18n/i18n.tsx';
import { CommandError } from '../sync/command-error.ts';

export type CommandOutcome = { ok: true } | { ok: false; message: string };

/**
 * Runs a command (an offline write) with a "processing" flag (buttons disable while it runs, and a second
 * click cannot queue the same write twice). A local refusal (CommandError, e.g. 'Quantity exceeds
 * available stock') comes back as its message in the current language; anything else as
 * `fallback`.
 */
export function useCommand<Args extends unknown[]>(
  command: (...args: Args) => Promise<unknown>,
  fallback: string,
): { run: (...args: Args) => Promise<CommandOutcome>; processing: boolean } {
  const translateMessage = useTranslateMessage();
  const [processing, setProcessing] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (...args: Args): Promise<CommandOutcome> => {
      if (running.current) return { ok: false, message: fallback };
      running.current = true;
      setProcessing(true);
      try {
        await command(...args);
        return { ok: true };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof CommandError ? translateMessage(error.message) : fallback,
        };
      } finally {
        running.current = false;
        setProcessing(false);
      }
    },
    [command, fallback, translateMessage],
  );
  return { run, processing };
}
