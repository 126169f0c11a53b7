import { useCallback, useRef, useState } from 'react';
import { useTranslateMessage } from '../i18n/i18n.tsx';
import { CommandError } from '../sync/command-error.ts';

/**
 * `entryId`: the outbox entry that carries the write to the server, when the command queued one, so
 * the success notice can give way to a refusal of that very write (notify.ts, SuccessDialog).
 */
export type CommandOutcome = { ok: true; entryId?: string } | { ok: false; message: string };

function entryIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('entryId' in value)) return undefined;
  return typeof value.entryId === 'string' ? value.entryId : undefined;
}

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
        const entryId = entryIdOf(await command(...args));
        return entryId === undefined ? { ok: true } : { ok: true, entryId };
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
