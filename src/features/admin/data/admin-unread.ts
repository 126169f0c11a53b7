import { useSyncExternalStore } from 'react';
import { fetchUnreadCount } from './admin-support-api.ts';

/**
 * The inbox's unread count shown in the sidebar. One small store, so the inbox page can refresh
 * the sidebar's figure after marking a message read or unread. Null until the first answer, and
 * kept as it was when a refresh fails (the sidebar is no place for an error).
 */
let unread: number | null = null;
const listeners = new Set<() => void>();

function set(next: number | null): void {
  if (next === unread) return;
  unread = next;
  for (const listener of listeners) listener();
}

export async function refreshUnreadCount(token: string): Promise<void> {
  const result = await fetchUnreadCount(token);
  if (result.ok) set(result.value);
}

/** Applies a change the inbox made itself, without waiting for a new count. */
export function adjustUnreadCount(delta: number): void {
  if (unread !== null) set(Math.max(0, unread + delta));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => unread,
  );
}
