/**
 * The settings module's surface for other modules (docs/conventions.md, "Server modules"): the
 * company settings as reports print them.
 */
export { readSettings, toSettingsInput } from './repository.ts';
