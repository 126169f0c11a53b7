/**
 * How much of the browser's storage this app uses (decision 0035, a bounded tablet), for the sync
 * panel. `navigator.storage.estimate()` is an estimate by design (browsers pad and round it), so
 * it is shown as a share of the quota and a warning, never used to decide what to delete.
 */

/** Above this share of the quota the panel warns: a full quota makes every write fail. */
export const nearlyFullShare = 0.8;

export interface StorageUse {
  usedBytes: number;
  quotaBytes: number;
  /** Whole per cent of the quota used, 0–100. */
  percent: number;
  nearlyFull: boolean;
}

interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

/** The storage use, or null where the browser does not tell (no API, no quota, a refusal). */
export async function readStorageUse(
  storage: StorageManagerLike | undefined = (
    globalThis as { navigator?: { storage?: StorageManagerLike } }
  ).navigator?.storage,
): Promise<StorageUse | null> {
  try {
    const estimate = await storage?.estimate?.();
    const used = estimate?.usage;
    const quota = estimate?.quota;
    if (typeof used !== 'number' || typeof quota !== 'number' || quota <= 0) return null;
    const share = used / quota;
    return {
      usedBytes: used,
      quotaBytes: quota,
      percent: Math.min(100, Math.round(share * 100)),
      nearlyFull: share > nearlyFullShare,
    };
  } catch {
    return null;
  }
}

/** '8.2 MB', '1.5 GB', '640 kB': decimal units, as browsers and tablets' settings show them. */
export function formatBytes(bytes: number, locale: string): string {
  const units = [
    { unit: 'GB', size: 1e9 },
    { unit: 'MB', size: 1e6 },
    { unit: 'kB', size: 1e3 },
  ];
  const chosen = units.find(({ size }) => bytes >= size) ?? { unit: 'B', size: 1 };
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    bytes / chosen.size,
  );
  return `${value} ${chosen.unit}`;
}
