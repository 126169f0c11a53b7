import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionLoading } from './app/pages/session-loading.tsx';
import { Providers } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { router } from './app/router.tsx';
import { UpdatePrompt } from './app/update-prompt.tsx';
import { loadSession } from './features/auth/session.ts';

// Read the stored session once before the router first renders, so the guard never sees a
// signed-in user as signed out.
const sessionLoaded = loadSession();

function App() {
  use(sessionLoaded);
  return <RouterProvider router={router} />;
}

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <Suspense fallback={<SessionLoading />}>
        <App />
      </Suspense>
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
);
