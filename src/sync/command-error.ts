/**
 * A command refused locally (before anything is queued); `message` is the spec's English text,
 * translated for display. Shared by every feature's commands and the generic retry.
 */
export type CommandErrorCode =
  'stock' | 'productNotFound' | 'orderNotFound' | 'invalid' | 'signedOut';

export class CommandError extends Error {
  readonly code: CommandErrorCode;
  constructor(code: CommandErrorCode, message: string) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
  }
}

/** English text of the refusal when a retry finds nothing to re-run (translated via sync.retryNothing). */
export const nothingToRetry = 'Nothing to retry';
