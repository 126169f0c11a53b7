import type { RouteEntry } from '../../context.ts';
import type { RegisteredWriteRoute } from '../../plugins/write-routes.ts';

/**
 * Which route a batch sub-request names, found the way the router finds it: the path split on
 * '/', each segment percent-decoded, a static segment preferred over a parameter and a parameter
 * over a wildcard, a trailing slash ignored, letters compared as written.
 */
export type RouteMatch =
  /** A declared write route (server/plugins/write-routes.ts), with its decoded parameters. */
  | { kind: 'write'; entry: RegisteredWriteRoute; params: Record<string, string> }
  /** A route exists for this method and path, but it cannot be sent inside a batch. */
  | { kind: 'not-batchable' }
  /** No route for this method and path (the router's 404). */
  | { kind: 'none' }
  /** A segment is not valid percent-encoded UTF-8. */
  | { kind: 'bad-url' };

interface Pattern {
  method: string;
  /** Static text, or null for a parameter; '*' (the last segment only) for a wildcard. */
  segments: { text: string | null; name: string; wildcard: boolean }[];
  /** How specific it is, segment by segment: 2 static, 1 parameter, 0 wildcard. */
  rank: number[];
  write: RegisteredWriteRoute | undefined;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return trimmed.split('/').slice(1);
}

function compile(method: string, url: string, write: RegisteredWriteRoute | undefined): Pattern {
  const segments = segmentsOf(url).map((segment) => ({
    text: segment.startsWith(':') || segment === '*' ? null : segment,
    name: segment.startsWith(':') ? segment.slice(1) : '*',
    wildcard: segment === '*',
  }));
  const rank = segments.map((segment) => (segment.text !== null ? 2 : segment.wildcard ? 0 : 1));
  return { method, segments, rank, write };
}

function moreSpecific(a: Pattern, b: Pattern): boolean {
  const ra = a.rank;
  const rb = b.rank;
  for (let index = 0; index < Math.max(ra.length, rb.length); index += 1) {
    const difference = (ra[index] ?? -1) - (rb[index] ?? -1);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

function matchPattern(pattern: Pattern, decoded: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.segments.length; index += 1) {
    const segment = pattern.segments[index];
    if (!segment) return undefined;
    if (segment.wildcard) {
      params['*'] = decoded.slice(index).join('/');
      return params;
    }
    const value = decoded[index];
    if (value === undefined) return undefined;
    if (segment.text !== null) {
      if (segment.text !== value) return undefined;
    } else {
      // The router never matches an empty parameter.
      if (value === '') return undefined;
      params[segment.name] = value;
    }
  }
  return decoded.length === pattern.segments.length ? params : undefined;
}

export function createRouteMatcher(
  routeTable: readonly RouteEntry[],
  writeRoutes: readonly RegisteredWriteRoute[],
): (method: string, pathname: string) => RouteMatch {
  const writes = new Map(writeRoutes.map((entry) => [`${entry.method} ${entry.url}`, entry]));
  // Looked up by method, then tried in turn: wildcard patterns may match any length.
  const byMethod = new Map<string, Pattern[]>();
  for (const route of routeTable) {
    const pattern = compile(route.method, route.url, writes.get(`${route.method} ${route.url}`));
    byMethod.set(route.method, [...(byMethod.get(route.method) ?? []), pattern]);
  }
  return (method, pathname) => {
    let decoded: string[];
    try {
      decoded = segmentsOf(pathname).map((segment) =>
        segment.includes('%') ? decodeURIComponent(segment) : segment,
      );
    } catch {
      return { kind: 'bad-url' };
    }
    let best: { pattern: Pattern; params: Record<string, string> } | undefined;
    for (const pattern of byMethod.get(method) ?? []) {
      const last = pattern.segments.at(-1);
      if (pattern.segments.length !== decoded.length && !last?.wildcard) continue;
      const params = matchPattern(pattern, decoded);
      if (params && (!best || moreSpecific(pattern, best.pattern))) best = { pattern, params };
    }
    if (!best) return { kind: 'none' };
    const entry = best.pattern.write;
    return entry ? { kind: 'write', entry, params: best.params } : { kind: 'not-batchable' };
  };
}
