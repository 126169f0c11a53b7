// @vitest-environment jsdom
import { Heading } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  Link,
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChakraForParts } from '../components/chakra-part.tsx';
import { setLanguage } from '../i18n/language.ts';
import { chakraBeforePage } from './chakra-gate.tsx';
import { Providers } from './providers.tsx';

/** A department's home (renders without Chakra): its mounts, its typed search, a product link. */
let homeMounts = 0;
function PlainHome() {
  const [query, setQuery] = useState('');
  useEffect(() => {
    homeMounts += 1;
  }, []);
  return (
    <>
      <input aria-label="Search" value={query} onChange={(event) => setQuery(event.target.value)} />
      <Link to="/$dept/orders" params={{ dept: 'hardware' }}>
        View orders
      </Link>
    </>
  );
}

/** A page built with Chakra: throws without a provider, so it shows only once the gate gives one. */
function ChakraPage() {
  return <Heading as="h1">Orders</Heading>;
}

function appRouter() {
  // The app's guard (root-route.tsx) asks chakraBeforePage the same way; the session part of it
  // is not what this test is about.
  const root = createRootRoute({
    beforeLoad: ({ location, preload }) => chakraBeforePage(location.pathname, preload),
    component: Outlet,
  });
  const home = createRoute({ getParentRoute: () => root, path: '/$dept', component: PlainHome });
  const orders = createRoute({
    getParentRoute: () => root,
    path: '/$dept/orders',
    component: ChakraPage,
  });
  return createRouter({
    routeTree: root.addChildren([home, orders]),
    history: createMemoryHistory({ initialEntries: ['/hardware'] }),
    defaultPreload: 'intent',
  });
}

beforeAll(() => setLanguage('en'));
afterAll(() => cleanup());

describe('a link to a page built with Chakra, from a page without it', () => {
  it('preloads without remounting the page (a press and its release stay on the same link), and switches the gate when followed', async () => {
    const router = appRouter();
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const search = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'bolt' } });
    // The navigation bar has loaded Chakra for its parts by the time a user reaches for a link.
    await act(() => loadChakraForParts());
    expect(homeMounts).toBe(1);

    // Hovering or pressing the link preloads its page (the router's 'intent' preload).
    await act(() => router.preloadRoute({ to: '/$dept/orders', params: { dept: 'hardware' } }));
    expect(homeMounts).toBe(1);
    const link = screen.getByRole('link', { name: 'View orders' });
    expect(link.isConnected).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }).value).toBe('bolt');

    // Following it: the gate switches once, before the page built with Chakra renders.
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeTruthy();
  });
});
