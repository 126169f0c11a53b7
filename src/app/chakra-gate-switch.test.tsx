// @vitest-environment jsdom
import { Button } from '@chakra-ui/react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChakraPart, loadChakraForParts } from '../components/chakra-part.tsx';
import { setLanguage } from '../i18n/language.ts';
import { renderWithProviders } from '../../tests/support/jsdom.tsx';
import { loadChakra } from './chakra-gate.tsx';
import { Providers } from './providers.tsx';

/** A page that renders without Chakra (a department's home): its mounts and its typed search. */
let pageMounts = 0;
function PlainPage() {
  const [query, setQuery] = useState('');
  useEffect(() => {
    pageMounts += 1;
  }, []);
  return (
    <input aria-label="Search" value={query} onChange={(event) => setQuery(event.target.value)} />
  );
}

function NoProviders({ children }: { children: ReactNode }) {
  return children;
}

const globalStyles = () =>
  [...document.querySelectorAll('style[data-emotion]')]
    .filter((style) => style.getAttribute('data-emotion')?.endsWith('-global'))
    .map((style) => style.textContent ?? '')
    .join('');

beforeAll(() => setLanguage('en'));
afterAll(() => cleanup());

describe('Chakra loaded for a part of a page, then for a page built with it', () => {
  it('keeps the page mounted while a part loads Chakra, and switches the gate once, for a page that needs it', async () => {
    renderWithProviders(
      <>
        <PlainPage />
        <ChakraPart>
          <Button>Sync status</Button>
        </ChakraPart>
      </>,
      { providers: Providers },
    );
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'bolt' } });
    // Nothing of Chakra before it has loaded: no part, no global styles.
    expect(screen.queryByRole('button', { name: 'Sync status' })).toBeNull();
    expect(globalStyles()).toBe('');

    await act(() => loadChakraForParts());
    expect(await screen.findByRole('button', { name: 'Sync status' })).toBeTruthy();
    // The part's Chakra arrived without remounting the page: what was typed is still there.
    expect(pageMounts).toBe(1);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }).value).toBe('bolt');
    // Chakra's global styles (its tokens' CSS variables) are in the document, once: another part
    // adds none.
    const tokenRules = () => globalStyles().split('--chakra-colors-blue-solid:').length - 1;
    const once = tokenRules();
    expect(once).toBeGreaterThan(0);
    renderWithProviders(
      <ChakraPart>
        <Button>Another part</Button>
      </ChakraPart>,
      { providers: NoProviders },
    );
    expect(await screen.findByRole('button', { name: 'Another part' })).toBeTruthy();
    expect(tokenRules()).toBe(once);

    // A page built with Chakra: the gate provides it around the app from now on, remounting
    // what was below it once (decision 0045)…
    await act(() => loadChakra());
    expect(pageMounts).toBe(2);
    expect(screen.getByRole('button', { name: 'Sync status' })).toBeTruthy();
    // …and only once.
    await act(() => loadChakra());
    expect(pageMounts).toBe(2);
    expect(tokenRules()).toBe(once);
  });
});
