import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built or parsed. zod 4 otherwise probes
 * `new Function` to decide on its JIT; our Content-Security-Policy forbids eval, so the probe
 * fails anyway and the browser records a CSP violation (Lighthouse: "Issues logged").
 */
z.config({ jitless: true });
