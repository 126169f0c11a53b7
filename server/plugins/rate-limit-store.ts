import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** How often (in calls) a store deletes windows that ended more than a day ago. */
const purgeEvery = 500;
const purgeAfterMs = 24 * 60 * 60_000;

/**
 * A @fastify/rate-limit store kept in the app's database (table rate_limits), so every API process
 * on the same database counts against the same limits: the login and contact limits no longer
 * multiply with the number of processes (issue 13).
 *
 * Each hit is one atomic upsert that starts a new window when the old one has ended, on SQLite
 * and PostgreSQL alike, so two processes counting the same key at the same moment never lose a
 * hit. Fixed windows as the plugin's own LocalStore keeps them; its `continueExceeding` and
 * `exponentialBackoff` options are not used here and not supported.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let calls = 0;

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hit(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // At run time the plugin passes its merged parameters, whose `routeInfo` is the route.
    child(routeOptions: object): FastifyRateLimitStore {
      const route =
        (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const scope =
        typeof route.method === 'string' && typeof route.url === 'string'
          ? `${route.method} ${route.url}|`
          : '';
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${scope}`);
    }
  }

  async function hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    const expired = sql<boolean>`rate_limits."windowStart" + ${timeWindow} <= ${now}`;
    const row = await db
      .insertInto('rate_limits')
      .values({ key, count: 1, windowStart: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else rate_limits."windowStart" end`,
        }),
      )
      .returning(['count', 'windowStart'])
      .executeTakeFirstOrThrow();
    calls += 1;
    if (calls % purgeEvery === 0) {
      await db
        .deleteFrom('rate_limits')
        .where('windowStart', '<', now - purgeAfterMs)
        .execute();
    }
    const windowStart = Number(row.windowStart);
    return { current: Number(row.count), ttl: Math.max(0, windowStart + timeWindow - now) };
  }

  return DatabaseRateLimitStore;
}
