/**
 * The moment a staff screen has first shown its content (the department home: its first page of
 * products, or its empty or error state). Work the screen does not need to draw that content
 * waits for it: the sync engine with its HTTP client, schemas and outbox code, the sync panel's
 * popover, the toasts (issue 26 item 10: a tablet opening the app sees its list first).
 *
 * A page that never marks (any other screen) is not held up for long: `afterFirstContent` also
 * runs after `fallbackMs`, so nothing waits for a signal that will not come.
 */
let shown = false;
const waiting = new Set<() => void>();

/** Called by a screen once its content is on screen; later calls do nothing. */
export function markFirstContentShown(): void {
  if (shown) return;
  shown = true;
  // After the next frame: the content is painted before the waiting work is even requested
  // (a screen marks from an effect, which React may run in the same task as the commit).
  afterNextPaint(() => {
    for (const run of waiting) run();
    waiting.clear();
  });
}

function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Runs `run` once: after the first content was shown, or `fallbackMs` from now if sooner.
 * Returns a cancel function (an effect's cleanup).
 */
export function afterFirstContent(run: () => void, fallbackMs: number): () => void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(once);
    run();
  };
  const timer = setTimeout(once, fallbackMs);
  if (shown) once();
  else waiting.add(once);
  return () => {
    done = true;
    clearTimeout(timer);
    waiting.delete(once);
  };
}
