import { loadDictionary } from '../../src/i18n/dictionaries.ts';

// Vitest setup (vitest.config.ts): both languages loaded before any test, so translation in a
// test is synchronous, as in the app once its language has loaded.
await Promise.all([loadDictionary('en'), loadDictionary('sw')]);
