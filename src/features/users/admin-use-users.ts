import { useCallback, useEffect, useState } from 'react';
import { fetchUsers, type ListedUser, type UsersApiFailure } from './admin-users-api.ts';

export type UsersState =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: UsersApiFailure }
  | { kind: 'ready'; users: ListedUser[] };

/**
 * The user list for the admin screens, fetched from the API (online only; nothing is cached).
 * `reload` fetches again; `replace` and `remove` apply a confirmed edit or delete locally, so the
 * list does not flash back to loading after each change.
 */
export function useUsers(token: string | undefined) {
  const [state, setState] = useState<UsersState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Answers to an older request (a retry, or a token that changed) are dropped.
    let current = true;
    void fetchUsers(token ?? '').then((result) => {
      if (!current) return;
      setState(
        result.ok ? { kind: 'ready', users: result.value } : { kind: 'failed', failure: result },
      );
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  const replace = useCallback((user: ListedUser) => {
    setState((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            users: current.users.map((existing) => (existing._id === user._id ? user : existing)),
          }
        : current,
    );
  }, []);

  const remove = useCallback((id: string) => {
    setState((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', users: current.users.filter((existing) => existing._id !== id) }
        : current,
    );
  }, []);

  return { state, reload, replace, remove };
}
