import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./first-content.ts');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstContent', () => {
  it('runs the waiting work once the first content was shown, after the next frame', async () => {
    vi.useFakeTimers();
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    const run = vi.fn();
    afterFirstContent(run, 5000);
    markFirstContentShown();
    // Not in the same task as the mark: the content paints first.
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(1);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs the work after the fallback on a screen that never marks', async () => {
    vi.useFakeTimers();
    const { afterFirstContent } = await freshModule();
    const run = vi.fn();
    afterFirstContent(run, 2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once (after a tick) when the content was shown before', async () => {
    vi.useFakeTimers();
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(50);
    const run = vi.fn();
    afterFirstContent(run, 2000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run cancelled work', async () => {
    vi.useFakeTimers();
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    const run = vi.fn();
    const cancel = afterFirstContent(run, 2000);
    cancel();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
