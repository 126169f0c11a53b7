import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { requestLogin } from './login-request.ts';

const input = { email: 'worker@example.com', password: 'secret1' };

function clientAnswering(fetchImpl: (request: Request) => Promise<Response>) {
  return ky.create({
    prefix: 'http://api.test/api/v1',
    retry: 0,
    fetch: (i) => fetchImpl(i as Request),
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const okBody = {
  _id: 'u1',
  email: 'worker@example.com',
  role: 'employee',
  category: 'hardware',
  token: 'a.b.c',
  message: 'Login successful',
};

describe('requestLogin', () => {
  it('posts the credentials to users/login and returns the checked response', async () => {
    let seen: { url: string; body: unknown } | undefined;
    const client = clientAnswering(async (request) => {
      seen = { url: request.url, body: await request.json() };
      return json(200, okBody);
    });
    expect(await requestLogin(input, client)).toEqual({ ok: true, response: okBody });
    expect(seen).toEqual({ url: 'http://api.test/api/v1/users/login', body: input });
  });

  it("shows the server's message on 401", async () => {
    const client = clientAnswering(async () => json(401, { message: 'Account disabled' }));
    expect(await requestLogin(input, client)).toEqual({ ok: false, message: 'Account disabled' });
  });

  it("falls back to 'Invalid login credentials' on a 401 without a message", async () => {
    const client = clientAnswering(async () => new Response('', { status: 401 }));
    expect(await requestLogin(input, client)).toEqual({
      ok: false,
      message: 'Invalid login credentials',
    });
  });

  it('reports a network failure', async () => {
    const client = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await requestLogin(input, client)).toEqual({
      ok: false,
      message: 'An error occurred. Please try again later.',
    });
  });

  it("shows the server's message for another refusal, else 'Login failed. Please try again.'", async () => {
    const tooMany = clientAnswering(async () => json(429, { message: 'Too many attempts' }));
    expect(await requestLogin(input, tooMany)).toEqual({ ok: false, message: 'Too many attempts' });
    const bare = clientAnswering(async () => new Response('', { status: 400 }));
    expect(await requestLogin(input, bare)).toEqual({
      ok: false,
      message: 'Login failed. Please try again.',
    });
  });

  it("answers 'Login failed. Please try again.' to a malformed success body", async () => {
    const client = clientAnswering(async () => json(200, { token: 'x' }));
    expect(await requestLogin(input, client)).toEqual({
      ok: false,
      message: 'Login failed. Please try again.',
    });
  });
});
