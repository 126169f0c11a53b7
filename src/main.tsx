// First, so the shared rules come before every component's own (same specificity: later wins).
import './styles/base.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition, use, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { accessFor } from '../domain/access.ts';
import { SessionLoading } from './app/pages/session-loading.tsx';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { router } from './app/router.tsx';
import { currentSession, loadSession, sessionStore } from './session/session.ts';
import { afterFirstContent } from './components/first-content.ts';
import { setSyncEngineLoader } from './sync/request-sync.ts';
import { ensureOfflineEntities, setOfflineEntitiesLoader } from './sync/registry.ts';
import { loadDictionary } from './i18n/dictionaries.ts';
import { getLanguage } from './i18n/language.ts';

// The router resolves the first location before React renders it, so the first render is final
// (no second, synchronous render when the router settles). Public pages do not wait for the stored
// session (IndexedDB): the navigation bar follows it when it arrives. The route guard
// (root-route.tsx) waits for it on every other page, so it never judges a signed-in user as signed
// out.
const firstLoad = router.load();

// A staff page's route chunks (the department home's, say) are fetched now, alongside the stored
// session (and Chakra, for a page built with it): the router asks for them only once the root
// route's beforeLoad has waited for those, one more round of chunk loading before the page's list can show (issue 26 item 10).
// The router's own load then finds them loaded; a failure is its to report, not this preload's.
if (!('allow' in accessFor(null, window.location.pathname))) {
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/**
 * Reads the stored session, then starts the sync rounds (push the outbox, then pull) once there is
 * a session: once the first screen has shown its content (or a second has passed) when one is
 * stored, otherwise at the first sign-in (the engine watches the
 * session from then on). The engine (and the outbox code with it) is a lazy chunk, so an anonymous
 * visitor of the public pages never evaluates it. Called after the first commit: a session
 * arriving in the middle of the first (concurrent) render would make React redo that render
 * synchronously, as one long task. On a protected page the guard has already started the read.
 */
let sessionStarted = false;

// The registry must know every offline entity before a round pulls or pushes, or a Retry runs:
// whoever needs it first (the engine below, a Retry, an admin screen's round) loads them.
setOfflineEntitiesLoader(() =>
  import('./app/offline-entities.ts').then((module) => module.offlineEntities),
);

function loadEngine() {
  // English too: the engine reports the server's refusals, recognised by their English text.
  return Promise.all([
    ensureOfflineEntities(),
    import('./sync/sync-engine.ts'),
    loadDictionary('en').catch(() => undefined),
  ]).then(([, engine]) => engine);
}
setSyncEngineLoader(loadEngine);

/** A page that does not mark its first content loads English (for server messages) this late. */
const englishFallbackMs = 1000;

/** A page that does not mark its first content starts the engine this long after the session. */
const engineFallbackMs = 2000;

function startSession(): void {
  // Once per page: StrictMode runs effects twice in development, and a restart would stop the
  // running sync engine.
  if (sessionStarted) return;
  sessionStarted = true;
  const startEngine = (): void => {
    void loadEngine().then((engine) => engine.startSyncEngine());
  };
  void loadSession().then(() => {
    if (currentSession()) {
      // A tablet opening the app: its list (from the mirror) first, then the engine.
      afterFirstContent(startEngine, engineFallbackMs);
      return;
    }
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.peek()) return;
      unsubscribe();
      startEngine();
    });
  });
}

function App() {
  use(firstLoad);
  useEffect(startSession, []);
  return <RouterProvider router={router} />;
}

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: the first render yields to the browser every few ms instead of one long task.
const root = createRoot(container);
function render(): void {
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <Suspense fallback={<SessionLoading />}>
            <App />
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  );
}

// A public page resolves at once (no session to wait for): render it when resolved, so React
// commits the page itself and not first the loading screen. Other pages show the loading screen
// while the stored session is read.
// The first render waits for the device's language (boot.ts started loading it); English follows
// the first screen's content on a Kiswahili device, for the server's messages (translate.ts).
const languageReady = loadDictionary(getLanguage()).catch(() => undefined);
afterFirstContent(() => void loadDictionary('en').catch(() => undefined), englishFallbackMs);
if ('allow' in accessFor(null, window.location.pathname)) {
  void Promise.all([firstLoad, languageReady]).then(render, render);
} else void languageReady.then(render);
