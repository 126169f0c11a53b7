import { describe, expect, it } from 'vitest';
import { syncStatusView } from './sync-status-view.ts';

const calm = {
  online: true,
  serverUnreachable: false,
  failed: [],
  authPaused: false,
  pendingCount: 0,
  pullProgress: null,
  lastSyncedAt: 1_700_000_000_000,
};
const failure = {
  id: 'e1',
  kind: 'order.create',
  department: 'hardware',
  label: undefined,
  message: 'Quantity exceeds available stock',
  createdAt: 1,
  unread: true,
};

describe('syncStatusView', () => {
  it('says Synced with the time when nothing waits', () => {
    expect(syncStatusView(calm)).toMatchObject({ state: 'synced', labelKey: 'syncStatus.synced' });
    expect(syncStatusView({ ...calm, lastSyncedAt: null }).labelKey).toBe('syncStatus.neverSynced');
  });

  it('says Syncing while writes wait or a download runs', () => {
    expect(syncStatusView({ ...calm, pendingCount: 3 }).state).toBe('syncing');
    expect(
      syncStatusView({ ...calm, pullProgress: { list: 'products', done: 1, total: 9 } }).state,
    ).toBe('syncing');
  });

  it('says Needs attention for a refused write or a session to renew', () => {
    expect(syncStatusView({ ...calm, pendingCount: 2, failed: [failure] }).state).toBe('attention');
    expect(syncStatusView({ ...calm, authPaused: true }).state).toBe('attention');
  });

  it('puts the connection first: offline, then server unreachable', () => {
    expect(syncStatusView({ ...calm, online: false, failed: [failure] }).state).toBe('offline');
    expect(
      syncStatusView({ ...calm, online: false, serverUnreachable: true, pendingCount: 1 }).state,
    ).toBe('offline');
    expect(syncStatusView({ ...calm, serverUnreachable: true, pendingCount: 1 })).toMatchObject({
      state: 'unreachable',
      palette: 'orange',
    });
  });
});
