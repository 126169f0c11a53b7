/**
 * Hook point for the Logout dialog: a warning shown above its buttons, or undefined.
 *
 * The sync engine replaces this body with a live count of this user's unsent outbox entries
 * (e.g. 'You have {count} unsent changes…'). Signing out never deletes the outbox: the entries
 * stay queued and are sent after the same user signs in again.
 */
export function useLogoutWarning(): string | undefined {
  return undefined;
}
