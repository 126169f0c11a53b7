/**
 * "Sync now" for screens that draw at start-up (the department home's Retry, the sync panel):
 * a lazy path to the engine, so importing the button does not load the engine, its HTTP client
 * and its schemas before the first list shows (issue 26 item 10). The app sets the loader
 * (main.tsx), since only it knows the offline entities the registry must hold before a round.
 */
type EngineLoader = () => Promise<{ syncNow: () => Promise<unknown> }>;

let loadEngine: EngineLoader = () => import('./sync-engine.ts');

export function setSyncEngineLoader(loader: EngineLoader): void {
  loadEngine = loader;
}

/** A sync round now, even while the engine is backing off; a failure is the status's to show. */
export async function requestSync(): Promise<void> {
  const engine = await loadEngine();
  await engine.syncNow();
}
