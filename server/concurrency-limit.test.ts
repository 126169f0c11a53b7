import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, LimitExceeded } from './concurrency-limit.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most `concurrency` at once, lines up `queue` more in order and refuses the rest', async () => {
    const limit = createConcurrencyLimit({ concurrency: 2, queue: 2 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const tasks = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);
    await expect(limit.run(async () => 'late')).rejects.toBeInstanceOf(LimitExceeded);

    gates[1]?.resolve();
    await tasks[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit({ concurrency: 1, queue: 0 });
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});
