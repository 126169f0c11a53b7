/**
 * At most `concurrency` tasks at a time, at most `queue` more waiting in line; a task beyond that
 * is refused at once with `LimitExceeded` instead of waiting behind an ever longer line. Used for
 * password hashing: each scrypt takes 32 MiB and a thread-pool thread for ~0.1 s, so a burst of
 * logins must not starve the server's other work (and its memory) while it waits its turn.
 */
export class LimitExceeded extends Error {
  constructor() {
    super('Too many tasks waiting');
    this.name = 'LimitExceeded';
  }
}

export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createConcurrencyLimit(options: {
  concurrency: number;
  queue: number;
}): ConcurrencyLimit {
  let running = 0;
  const line: (() => void)[] = [];

  const next = () => {
    running -= 1;
    const start = line.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (line.length >= options.queue) throw new LimitExceeded();
        // The slot is handed over by `next` (running stays counted), so no one can jump the line.
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
