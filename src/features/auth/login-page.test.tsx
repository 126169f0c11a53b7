// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChakra } from '../../app/chakra-gate.tsx';
import { Providers } from '../../app/providers.tsx';
import { routeTree } from '../../app/router.tsx';
import { renderWithProviders } from '../../../tests/support/jsdom.tsx';
import { db } from '../../db/database.ts';
import { requestLogin, type LoginResult } from './login-request.ts';
import { setLanguage } from '../../i18n/language.ts';
import { currentSession, loadSession, signOut } from '../../session/session.ts';

// The HTTP mapping has its own tests (login-request.test.ts); here the page's behaviour is under
// test. (jsdom's AbortSignal also does not mix with Node's fetch.)
vi.mock('./login-request.ts', () => ({ requestLogin: vi.fn() }));
const requestLoginMock = vi.mocked(requestLogin);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${base64url({ alg: 'HS256' })}.${base64url({ exp: Date.now() / 1000 + 3600 })}.sig`;
const okBody = {
  _id: 'u1',
  email: 'worker@example.com',
  role: 'employee' as const,
  category: 'hardware' as const,
  token,
  message: 'Login successful',
};

beforeAll(async () => {
  // The assertions read the English texts; jsdom sits at '/', where an unchosen language is Kiswahili.
  setLanguage('en');
  await loadSession();
  // /login renders without Chakra, but the page a sign-in goes to, the success toast and the
  // Logout dialog need it; a cold import in the test runner can take longer than findBy's
  // timeout, so load it up front.
  await loadChakra();
});

beforeEach(async () => {
  await signOut();
});

afterEach(() => {
  cleanup();
  requestLoginMock.mockReset();
  setLanguage('en');
});

function renderAt(path: string) {
  return renderWithProviders(null, { providers: Providers, routeTree, at: path });
}

const submitButton = () => screen.getByRole('button', { name: 'Login' });

async function signInThroughForm(email = 'worker@example.com') {
  fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret1' } });
  fireEvent.click(submitButton());
}

describe('LoginPage', () => {
  it('shows the first message per field and sends nothing while the form is invalid', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(requestLoginMock).not.toHaveBeenCalled();
  });

  it('disables submit while sending, then follows an allowed redirect without reloading', async () => {
    let answer: (result: LoginResult) => void = () => undefined;
    requestLoginMock.mockImplementation(
      () => new Promise<LoginResult>((resolve) => (answer = resolve)),
    );
    const router = renderAt('/login?redirect=%2Fhardware%2Forders');
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: 'worker@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(submitButton());

    await waitFor(() => expect(screen.getByRole('button', { name: /Signing in/ })).toBeTruthy());
    expect((screen.getByRole('button', { name: /Signing in/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    expect(requestLoginMock).toHaveBeenCalledWith({
      email: 'worker@example.com',
      password: 'secret1',
    });
    answer({ ok: true, response: okBody });
    await waitFor(() => expect(router.state.location.pathname).toBe('/hardware/orders'));
    expect(currentSession()?.user.email).toBe('worker@example.com');
    expect(await db.session.get('current')).toBeTruthy();
  });

  it('shows the refusal message and stays signed out', async () => {
    requestLoginMock.mockImplementation(async () => ({
      ok: false,
      message: 'Invalid login credentials',
    }));
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: 'worker@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-1' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Invalid login credentials')).toBeTruthy();
    expect(currentSession()).toBeNull();
  });

  it('is built of plain elements (no Chakra component), its errors tied to their fields', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    const email = await screen.findByLabelText(/Email/);
    await screen.findByText('Email is required.');
    expect(document.querySelector('main [class*="chakra-"]')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.hasAttribute('required')).toBe(true);
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required.');
    // Focus goes to the first field in error.
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: 'worker@example.com' } });
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });

  it('speaks Kiswahili when that is the language, messages included', async () => {
    setLanguage('sw');
    requestLoginMock.mockImplementation(async () => ({
      ok: false,
      message: 'An error occurred. Please try again later.',
    }));
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingia' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Barua pepe inahitajika.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Barua pepe/), {
      target: { value: 'worker@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Nenosiri/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hitilafu imetokea. Tafadhali jaribu tena baadaye.',
    );
  });

  it('announces the sign-in with a toast on the page it goes to', async () => {
    requestLoginMock.mockImplementation(async () => ({ ok: true, response: okBody }));
    const router = renderAt('/login');
    await signInThroughForm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/hardware'));
    expect(await screen.findByText('Login successful')).toBeTruthy();
  });

  it('signed in already: shows the e-mail, a link home and Log out with its confirmation', async () => {
    requestLoginMock.mockImplementation(async () => ({ ok: true, response: okBody }));
    const router = renderAt('/login');
    await signInThroughForm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/hardware'));
    await router.navigate({ to: '/login' });
    expect(await screen.findByText('You are signed in as worker@example.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my page' }).getAttribute('href')).toBe(
      '/hardware',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Confirm Logout');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentSession()).toBeNull());
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
