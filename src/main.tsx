// First: configures zod before any module builds a schema.
import './app/zod-config.ts';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition, use } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionLoading } from './app/pages/session-loading.tsx';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { router } from './app/router.tsx';
import { UpdatePrompt } from './app/update-prompt.tsx';
import { loadSession } from './features/auth/session.ts';
import { startSyncEngine } from './sync/sync-engine.ts';

// Read the stored session once before the router first renders, so the guard never sees a
// signed-in user as signed out. The router then resolves the first location before React renders
// it, so the first render is final (no second, synchronous render when the router settles).
const sessionLoaded = loadSession().then(() => router.load());

function App() {
  use(sessionLoaded);
  return <RouterProvider router={router} />;
}

registerServiceWorker();
// Sync rounds (push the outbox, then pull) start once the stored session is known; rounds without
// a session do nothing, and signing in is picked up by the next trigger.
void sessionLoaded.then(() => startSyncEngine());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: the first render yields to the browser every few ms instead of one long task.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <Suspense fallback={<SessionLoading />}>
          <App />
        </Suspense>
        <UpdatePrompt />
      </Providers>
    </StrictMode>,
  ),
);
