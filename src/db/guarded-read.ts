/**
 * A read of the mirror that may fail (a broken or blocked IndexedDB, storage evicted): screens
 * get 'failed' and say so, with a way to try again, instead of spinning for ever.
 */
export type Read<T> = { status: 'ok'; value: T } | { status: 'failed' };

export async function guardedRead<T>(read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { status: 'ok', value: await read() };
  } catch {
    return { status: 'failed' };
  }
}
