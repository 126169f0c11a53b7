import { describe, expect, it } from 'vitest';
import {
  createServerClock,
  estimateOffset,
  sampleOf,
  sampleServerClock,
  serverClockStorageKey,
  type ClockSample,
  type ClockStorage,
} from './server-clock.ts';

const day = 24 * 60 * 60_000;
/** The server's true time in these tests; the device is three days behind. */
const serverTime = Date.UTC(2026, 10, 27, 9, 30, 0, 400);
const skew = -3 * day;

/** A sample as a real answer gives it: the server reads its clock `serverAfterMs` after sending. */
function sampleAt(deviceSent: number, roundTripMs: number, serverAfterMs: number): ClockSample {
  const serverRead = deviceSent - skew + serverAfterMs;
  return {
    sentAt: deviceSent,
    receivedAt: deviceSent + roundTripMs,
    serverDate: Math.floor(serverRead / 1000) * 1000,
  };
}

function memoryStorage(): ClockStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('estimateOffset', () => {
  it('knows nothing without samples', () => {
    expect(estimateOffset([])).toBeUndefined();
  });

  it('places one fast answer within its round trip and the Date header’s second', () => {
    const offset = estimateOffset([sampleAt(serverTime + skew, 80, 40)]);
    expect(offset).toBeDefined();
    expect(Math.abs((offset ?? 0) - -skew)).toBeLessThanOrEqual(540);
  });

  it('narrows with more answers taken at other fractions of a second', () => {
    const start = serverTime + skew;
    const samples = [0, 250, 500, 750].map((shift, index) =>
      sampleAt(start + index * 10_000 + shift, 30, 15),
    );
    expect(Math.abs((estimateOffset(samples) ?? 0) - -skew)).toBeLessThanOrEqual(130);
  });

  it('is not pulled away by a slow round trip whose answer came back late', () => {
    const start = serverTime + skew;
    const fast = sampleAt(start, 40, 20);
    // 20 s on the way back: the midpoint of this one alone would be 10 s off.
    const slow = sampleAt(start + 5_000, 20_040, 20);
    expect(Math.abs((estimateOffset([fast, slow]) ?? 0) - -skew)).toBeLessThanOrEqual(520);
  });

  it('follows the newest answers after the device clock was corrected', () => {
    const before = sampleAt(serverTime + skew, 50, 25);
    // The clock is now right: the same server time reads as the device time.
    const after = { sentAt: serverTime, receivedAt: serverTime + 50, serverDate: serverTime - 400 };
    expect(Math.abs(estimateOffset([before, after]) ?? Infinity)).toBeLessThanOrEqual(525);
  });
});

describe('sampleOf', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads the Date header of a network answer', () => {
    expect(sampleOf(headers({ date: 'Fri, 27 Nov 2026 09:30:00 GMT' }), 10, 60)).toEqual({
      sentAt: 10,
      receivedAt: 60,
      serverDate: Date.UTC(2026, 10, 27, 9, 30),
    });
  });

  it("prefers the API's x-server-time, to the millisecond, over the Date header", () => {
    const date = 'Fri, 27 Nov 2026 09:30:00 GMT';
    const precise = Date.UTC(2026, 10, 27, 9, 30) + 734;
    const sample = sampleOf(headers({ date, 'x-server-time': String(precise) }), 1000, 1020);
    expect(sample).toEqual({
      sentAt: 1000,
      receivedAt: 1020,
      serverDate: precise,
      resolutionMs: 1,
    });
    // One fast answer now pins the offset within its 20 ms round trip, not within a second.
    const offset = estimateOffset(sample ? [sample] : []) ?? Number.NaN;
    expect(Math.abs(offset - (precise - 1010))).toBeLessThanOrEqual(11);
    // A malformed value falls back to the Date header.
    expect(
      sampleOf(headers({ date, 'x-server-time': 'soon' }), 10, 60)?.resolutionMs,
    ).toBeUndefined();
  });

  it('ignores answers that cannot tell the time now', () => {
    expect(sampleOf(headers({}), 10, 60)).toBeUndefined();
    expect(sampleOf(headers({ date: 'yesterday' }), 10, 60)).toBeUndefined();
    // A cache served it: its Date is as old as the copy.
    expect(
      sampleOf(headers({ date: 'Fri, 27 Nov 2026 09:30:00 GMT', age: '3600' }), 10, 60),
    ).toBeUndefined();
    // The device clock went back while waiting.
    expect(sampleOf(headers({ date: 'Fri, 27 Nov 2026 09:30:00 GMT' }), 60, 10)).toBeUndefined();
  });
});

describe('createServerClock', () => {
  it('answers device time until an answer tells the server’s time', () => {
    const clock = createServerClock({ storage: undefined, deviceNow: () => 1_000 });
    expect(clock.known()).toBe(false);
    expect(clock.nowMs()).toBe(1_000);
  });

  it('adds the estimated offset to device time', () => {
    let device = serverTime + skew;
    const clock = createServerClock({ storage: undefined, deviceNow: () => device });
    clock.record(sampleAt(device, 60, 30));
    device += 60_000;
    expect(Math.abs(clock.nowMs() - (serverTime + 60_000))).toBeLessThanOrEqual(530);
    expect(Math.abs(clock.serverTimeOf(serverTime + skew) - serverTime)).toBeLessThanOrEqual(530);
  });

  it('keeps its samples across a reload, and ignores a damaged store', () => {
    const storage = memoryStorage();
    const device = serverTime + skew;
    createServerClock({ storage, deviceNow: () => device }).record(sampleAt(device, 60, 30));
    const reloaded = createServerClock({ storage, deviceNow: () => device });
    expect(reloaded.known()).toBe(true);
    expect(Math.abs(reloaded.nowMs() - serverTime)).toBeLessThanOrEqual(530);

    storage.data.set(serverClockStorageKey, '{not json');
    expect(createServerClock({ storage }).known()).toBe(false);
    storage.data.set(serverClockStorageKey, JSON.stringify([{ sentAt: 'x' }]));
    expect(createServerClock({ storage }).known()).toBe(false);
  });

  it('remembers only the recent samples', () => {
    const storage = memoryStorage();
    // A minute between answers: each one is written.
    let device = 0;
    const clock = createServerClock({ storage, deviceNow: () => (device += 61_000) });
    for (let index = 0; index < 20; index += 1) clock.record(sampleAt(index * 1_000, 10, 5));
    const stored: unknown = JSON.parse(storage.data.get(serverClockStorageKey) ?? '[]');
    expect(Array.isArray(stored) && stored.length).toBe(8);
  });

  it('writes its samples when the estimate moves or a minute has passed, not on every answer', () => {
    const storage = memoryStorage();
    let writes = 0;
    const counting: ClockStorage = {
      getItem: storage.getItem,
      setItem: (key, value) => {
        writes += 1;
        storage.setItem(key, value);
      },
    };
    // The server's time runs on; the device's is three days behind, then set back ten minutes.
    let elapsed = 0;
    let deviceBehind = -skew;
    const device = () => serverTime + elapsed - deviceBehind;
    const answer = (): ClockSample => ({
      sentAt: device(),
      receivedAt: device() + 40,
      serverDate: Math.floor((serverTime + elapsed + 20) / 1000) * 1000,
    });
    const clock = createServerClock({ storage: counting, deviceNow: device });
    // A page of requests, 100 ms apart, that all tell the same time: the first is written.
    for (let index = 0; index < 30; index += 1) {
      clock.record(answer());
      elapsed += 100;
    }
    expect(writes).toBe(1);
    deviceBehind += 10 * 60_000;
    clock.record(answer());
    expect(writes).toBe(2);
    expect(createServerClock({ storage, deviceNow: device }).offset()).toBe(clock.offset());
    // A minute later the newest samples are written even though the estimate held.
    elapsed += 60_000;
    clock.record(answer());
    expect(writes).toBe(3);
  });
});

describe('sampleServerClock', () => {
  it('feeds the clock from answers that carry a Date, and passes the answer on', async () => {
    let device = serverTime + skew;
    const clock = createServerClock({ storage: undefined, deviceNow: () => device });
    const fetch = sampleServerClock(
      () => {
        device += 40;
        return Promise.resolve(
          new Response('{}', { headers: { date: new Date(serverTime).toUTCString() } }),
        );
      },
      clock,
      () => device,
    );
    const response = await fetch('/api/v1/health');
    expect(await response.text()).toBe('{}');
    expect(Math.abs(clock.offset() - -skew)).toBeLessThanOrEqual(1_000);
  });

  it('learns nothing from an answer without a Date or from a failed request', async () => {
    const clock = createServerClock({ storage: undefined });
    await sampleServerClock(
      () => Promise.resolve(new Response(null, { status: 503 })),
      clock,
    )('/x');
    await expect(
      sampleServerClock(() => Promise.reject(new TypeError('offline')), clock)('/x'),
    ).rejects.toThrow('offline');
    expect(clock.known()).toBe(false);
  });
});
