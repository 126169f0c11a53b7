/**
 * What `import … from 'zod'` resolves to in the PWA build (vite.config.ts `resolve.alias`): zod
 * itself, configured before any importer runs. ESM evaluates this module's body after zod and
 * before every module that imports it, so no schema is ever built unconfigured, whichever chunk
 * builds it first.
 *
 * Why: zod 4 otherwise probes `new Function` when a schema is built, to decide on its JIT; our
 * Content-Security-Policy forbids eval, so the probe fails anyway and the browser records a CSP
 * violation (Lighthouse: "Issues logged"). Through the alias, zod is loaded only by the chunks
 * that build schemas, never by the public pages' start-up code.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
