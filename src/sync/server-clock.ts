/**
 * The server's time as this device estimates it (decision 0026). A tablet's clock may be wrong by
 * days; what decides periods ("today", this week), expiry and file dates must be the server's
 * time. Every real network answer of the API carries a `Date` header: the server read its clock
 * somewhere between the moment the request left and the moment the answer came back, and the
 * header floors that reading to the whole second. So one answer bounds the offset (server time −
 * device time) to an interval:
 *
 *   serverDate − receivedAt  ≤  offset  ≤  serverDate + 1 s − sentAt
 *
 * A slow round trip only widens its own interval, so the estimate is the middle of the
 * intersection of the recent samples' intervals, newest first. When an older sample no longer
 * overlaps, the device clock was changed since it was taken: it and everything older is ignored.
 *
 * The samples are kept in localStorage, so a reload while offline still knows the offset; where
 * there is none (the service worker, unit tests) they live in memory. No sample yet: device time.
 *
 * This module must stay free of dependencies: the public pages' contact form loads it through
 * src/api/client.ts.
 */

/** One reading: device times around a request, and its answer's server time (epoch ms). */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverDate: number;
  /**
   * How far below the server's true reading `serverDate` may be: 1 ms from the API's
   * `x-server-time`, 1 s from a `Date` header (whole seconds); absent in samples stored before.
   */
  resolutionMs?: number;
}

/** What the clock needs to persist its samples (localStorage in a window). */
export type ClockStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ServerClockOptions {
  storage?: ClockStorage | undefined;
  deviceNow?: () => number;
}

export const serverClockStorageKey = 'serverClock';

/** The `Date` header has one-second resolution (RFC 9110 IMF-fixdate). */
const dateResolutionMs = 1000;
/** Enough to smooth out the 1 s steps; older samples say nothing the newer ones do not. */
const maxSamples = 8;
/**
 * Every API answer is a sample, but writing localStorage (synchronous, and a 'storage' event in
 * every other tab) on each one costs a list page of requests dozens of writes. The samples are
 * written when the estimate moved by more than this since the last write…
 */
const persistOnShiftMs = 250;
/** …or this long after it, so a reload finds an estimate that close to the one in memory. */
const persistEveryMs = 60_000;

function isSample(value: unknown): value is ClockSample {
  if (typeof value !== 'object' || value === null) return false;
  const sample = value as Record<string, unknown>;
  const resolution = sample.resolutionMs;
  return (
    ['sentAt', 'receivedAt', 'serverDate'].every(
      (field) => typeof sample[field] === 'number' && Number.isFinite(sample[field]),
    ) &&
    (resolution === undefined ||
      (typeof resolution === 'number' && Number.isFinite(resolution) && resolution > 0))
  );
}

/** The offset (server − device, ms) the samples agree on, or undefined without any. */
export function estimateOffset(samples: readonly ClockSample[]): number | undefined {
  let low = -Infinity;
  let high = Infinity;
  let used = 0;
  for (let index = samples.length - 1; index >= 0; index -= 1) {
    const sample = samples[index];
    if (!sample) continue;
    const nextLow = Math.max(low, sample.serverDate - sample.receivedAt);
    const resolution = sample.resolutionMs ?? dateResolutionMs;
    const nextHigh = Math.min(high, sample.serverDate + resolution - sample.sentAt);
    // Disagrees with the newer ones: the device clock moved since; stop at the newer ones.
    if (nextLow > nextHigh) break;
    low = nextLow;
    high = nextHigh;
    used += 1;
  }
  return used === 0 ? undefined : Math.round((low + high) / 2);
}

/**
 * A sample from an answer, or undefined when the answer cannot tell the server's time now: no
 * or an invalid `Date` (an answer the service worker made up), an `Age` header (a cache served
 * it, so its Date is old), or a device clock that went backwards during the request.
 */
export function sampleOf(
  headers: Pick<Headers, 'get'>,
  sentAt: number,
  receivedAt: number,
): ClockSample | undefined {
  if (headers.get('age') !== null || receivedAt < sentAt) return undefined;
  // The API's own reading to the millisecond, where the answer has it (server/plugins/api-headers.ts).
  const precise = headers.get('x-server-time');
  if (precise !== null && /^\d{1,15}$/.test(precise)) {
    return { sentAt, receivedAt, serverDate: Number(precise), resolutionMs: 1 };
  }
  const date = headers.get('date');
  if (!date) return undefined;
  const serverDate = Date.parse(date);
  return Number.isFinite(serverDate) ? { sentAt, receivedAt, serverDate } : undefined;
}

function defaultStorage(): ClockStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage blocked (a privacy setting): keep the samples in memory.
    return undefined;
  }
}

export function createServerClock(options: ServerClockOptions = {}) {
  const storage = 'storage' in options ? options.storage : defaultStorage();
  const deviceNow = options.deviceNow ?? (() => Date.now());
  let samples: ClockSample[] = [];
  let offset: number | undefined;
  let persisted: { at: number; offset: number | undefined } | undefined;

  function persist(): void {
    const now = deviceNow();
    const shifted =
      persisted === undefined ||
      offset === undefined ||
      persisted.offset === undefined ||
      Math.abs(offset - persisted.offset) > persistOnShiftMs;
    if (!shifted && persisted !== undefined && now - persisted.at < persistEveryMs) return;
    try {
      storage?.setItem(serverClockStorageKey, JSON.stringify(samples));
      persisted = { at: now, offset };
    } catch {
      // Full or blocked storage: the estimate still holds for this page.
    }
  }

  function load(): void {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(serverClockStorageKey) ?? '[]');
      samples = Array.isArray(parsed) ? parsed.filter(isSample).slice(-maxSamples) : [];
    } catch {
      samples = [];
    }
    offset = estimateOffset(samples);
  }

  load();

  return {
    /** Adds a reading taken from a real network answer. */
    record(sample: ClockSample): void {
      samples = [...samples, sample].slice(-maxSamples);
      offset = estimateOffset(samples);
      persist();
    },
    /** Server time − device time in ms; 0 until a sample was taken. */
    offset(): number {
      return offset ?? 0;
    },
    /** Whether any answer has told the server's time yet. */
    known(): boolean {
      return offset !== undefined;
    },
    /** The server's time now, as epoch ms. */
    nowMs(): number {
      return deviceNow() + (offset ?? 0);
    },
    /** A device timestamp (e.g. when the last sync ran) on the server's clock. */
    serverTimeOf(deviceMs: number): number {
      return deviceMs + (offset ?? 0);
    },
    /** Re-reads the stored samples (another tab took newer ones). */
    reload: load,
  };
}

export type ServerClock = ReturnType<typeof createServerClock>;

/** The device's one clock estimate, shared by the sync engine, the API client and screens. */
export const serverClock = createServerClock();

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (event) => {
    if (event.key === serverClockStorageKey) serverClock.reload();
  });
}

/** The server's time now (device time until the first answer). Use it for periods and "today". */
export function serverNow(): Date {
  return new Date(serverClock.nowMs());
}

/** The server's time now as epoch ms, for `now: () => number` options. */
export function serverNowMs(): number {
  return serverClock.nowMs();
}

/**
 * Wraps a fetch so every answer that reached the network feeds the clock. Failures (no answer)
 * and answers without a usable `Date` feed nothing; the answer itself is returned untouched.
 */
export function sampleServerClock(
  inner: typeof fetch,
  clock: ServerClock = serverClock,
  deviceNow: () => number = () => Date.now(),
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const sentAt = deviceNow();
    const response = await inner(input, init);
    const sample = sampleOf(response.headers, sentAt, deviceNow());
    if (sample) clock.record(sample);
    return response;
  };
}
