import { describe, expect, it } from 'vitest';
import { formatBytes, readStorageUse } from './storage-estimate.ts';

const storageOf = (usage: number | undefined, quota: number | undefined) => ({
  estimate: () => Promise.resolve({ usage, quota }),
});

describe('readStorageUse', () => {
  it('gives the share of the quota used and warns above 80%', async () => {
    expect(await readStorageUse(storageOf(8_200_000, 1_000_000_000))).toEqual({
      usedBytes: 8_200_000,
      quotaBytes: 1_000_000_000,
      percent: 1,
      nearlyFull: false,
    });
    expect(await readStorageUse(storageOf(800_000_000, 1_000_000_000))).toMatchObject({
      percent: 80,
      nearlyFull: false,
    });
    expect(await readStorageUse(storageOf(850_000_000, 1_000_000_000))).toMatchObject({
      percent: 85,
      nearlyFull: true,
    });
  });

  it('says nothing where the browser does not tell', async () => {
    expect(await readStorageUse(undefined)).toBeNull();
    expect(await readStorageUse({})).toBeNull();
    expect(await readStorageUse(storageOf(undefined, 100))).toBeNull();
    expect(await readStorageUse(storageOf(10, 0))).toBeNull();
    expect(
      await readStorageUse({ estimate: () => Promise.reject(new Error('denied')) }),
    ).toBeNull();
  });
});

describe('formatBytes', () => {
  it('uses the largest decimal unit that fits', () => {
    expect(formatBytes(8_200_000, 'en-GB')).toBe('8.2 MB');
    expect(formatBytes(1_500_000_000, 'en-GB')).toBe('1.5 GB');
    expect(formatBytes(640_000, 'en-GB')).toBe('640 kB');
    expect(formatBytes(12, 'en-GB')).toBe('12 B');
  });
});
