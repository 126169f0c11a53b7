import type { Kysely } from 'kysely';
import type { DepartmentDescriptor } from '../domain/departments.ts';
import type { Config } from './config.ts';
import type { DialectName } from './db/database.ts';
import type { DatabaseSchema } from './db/schema.ts';

/**
 * What every feature module needs. buildApp passes it as the plugin options of each module and
 * also decorates the root instance (`app.config`, `app.db`, `app.dialect`), so either works.
 */
export interface AppContext {
  config: Config;
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  /**
   * "Now" for the business periods (revenue's day/week/month, the dashboard's this week against
   * last week). Default: the system clock (`clockOf`); tests pass a fixed one. Row timestamps
   * are still stamped with the real time (nowIso).
   */
  clock?: () => Date;
}

/** What a department's rules need (products, orders, stock, transfers, stock counts). */
export interface DepartmentContext {
  dialect: DialectName;
  descriptor: DepartmentDescriptor;
}

/** The context's clock, or the system clock. */
export function clockOf(context: Pick<AppContext, 'clock'>): () => Date {
  return context.clock ?? (() => new Date());
}

/** One registered route: method and full url pattern (e.g. '/api/v1/hardware/orders/:id'). */
export interface RouteEntry {
  method: string;
  url: string;
  /** The route has a rate limit of its own (`config.rateLimit`). */
  rateLimited: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    config: Config;
    db: Kysely<DatabaseSchema>;
    dialect: DialectName;
  }
}
