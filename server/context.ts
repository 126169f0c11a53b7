import type { Kysely } from 'kysely';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DatabaseSchema>;
    dialect: DialectName;
  }
}
