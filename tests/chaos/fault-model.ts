import type { Rng } from './prng.ts';

/**
 * The fault model of the chaos proxy as pure decisions (decision 0027), so the seeded choices
 * are unit-tested apart from the sockets. A profile describes the link for a while; each new
 * connection draws its fate once, and each chunk its delay.
 */
export interface FaultProfile {
  name: string;
  /** One-way delay added to every chunk, in ms. */
  latencyMs: number;
  /** Up to this many ms more, drawn per chunk. */
  jitterMs: number;
  /** Bandwidth per direction in bytes per second; null: unlimited. */
  bytesPerSecond: number | null;
  /** Share of new connections reset at once, before anything reaches the server. */
  dropShare: number;
  /** Share of connections reset as soon as the answer starts coming back (the server committed). */
  resetAfterForwardShare: number;
  /** Share of connections whose answer is cut after a few bytes. */
  truncateShare: number;
  /** Nothing moves in either direction while the profile lasts. */
  paused: boolean;
}

const calm = {
  latencyMs: 0,
  jitterMs: 0,
  bytesPerSecond: null,
  dropShare: 0,
  resetAfterForwardShare: 0,
  truncateShare: 0,
  paused: false,
} as const;

/** The profiles a run cycles through; 2G and 3G after the usual emulation presets. */
export const faultProfiles = {
  clean: { ...calm, name: 'clean' },
  latency: { ...calm, name: 'latency', latencyMs: 150, jitterMs: 250 },
  '3g': { ...calm, name: '3g', latencyMs: 100, jitterMs: 60, bytesPerSecond: 90_000 },
  '2g': { ...calm, name: '2g', latencyMs: 300, jitterMs: 150, bytesPerSecond: 25_000 },
  drop: { ...calm, name: 'drop', latencyMs: 20, dropShare: 0.4 },
  'reset-after-forward': { ...calm, name: 'reset-after-forward', resetAfterForwardShare: 0.5 },
  truncate: { ...calm, name: 'truncate', truncateShare: 0.4 },
  pause: { ...calm, name: 'pause', paused: true },
} as const satisfies Record<string, FaultProfile>;

export type FaultProfileName = keyof typeof faultProfiles;
export const faultProfileNames = Object.keys(faultProfiles) as FaultProfileName[];

export type ConnectionFate = { kind: 'pass' } | { kind: 'drop' };

export type RequestFate =
  | { kind: 'pass' }
  | { kind: 'reset-after-forward' }
  /** Forward this many bytes of the answer, then reset. */
  | { kind: 'truncate'; afterBytes: number };

/** One draw per new connection: reset at once, or let it through. */
export function decideConnection(rng: Rng, profile: FaultProfile): ConnectionFate {
  return rng.next() < profile.dropShare ? { kind: 'drop' } : { kind: 'pass' };
}

/**
 * One draw per request (browsers keep connections alive, so a fate per connection would hit
 * few writes): reset once the answer starts, cut the answer short, or pass.
 */
export function decideRequest(rng: Rng, profile: FaultProfile): RequestFate {
  const draw = rng.next();
  if (draw < profile.resetAfterForwardShare) return { kind: 'reset-after-forward' };
  // Somewhere inside the status line, headers or the start of the body.
  if (draw < profile.resetAfterForwardShare + profile.truncateShare) {
    return { kind: 'truncate', afterBytes: rng.int(1, 400) };
  }
  return { kind: 'pass' };
}

/**
 * When a chunk of `bytes` may leave, given when the previous one of the same direction left
 * (`previousAt`): order is kept, latency and jitter are added, and the bandwidth spaces chunks.
 */
export function chunkDepartureAt(
  rng: Rng,
  profile: FaultProfile,
  bytes: number,
  now: number,
  previousAt: number,
): number {
  const jitter = profile.jitterMs > 0 ? rng.next() * profile.jitterMs : 0;
  const transfer = profile.bytesPerSecond === null ? 0 : (bytes / profile.bytesPerSecond) * 1000;
  const earliest = now + profile.latencyMs + jitter;
  return Math.max(earliest, previousAt) + transfer;
}

/** What the harness counts per kind of fault, for the run's figures. */
export interface FaultCounts {
  dropped: number;
  resetAfterForward: number;
  truncated: number;
  pauses: number;
  profileChanges: Record<string, number>;
}

export function emptyFaultCounts(): FaultCounts {
  return { dropped: 0, resetAfterForward: 0, truncated: 0, pauses: 0, profileChanges: {} };
}

/** The next profile of a run: any but the current one, pause rarely and briefly (see run.ts). */
export function nextProfile(rng: Rng, current: FaultProfileName): FaultProfileName {
  const choices = faultProfileNames.filter((name) => name !== current);
  return rng.pick(choices);
}
