import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { updateUserSchema } from '../../../domain/users.ts';
import { createUser, deleteUser, fetchUsers, updateUser } from './admin-users-api.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

function clientAnswering(answer: (request: Request) => Promise<Response> | Response) {
  const seen: Seen[] = [];
  const client = ky.create({
    prefix: 'http://api.test/api/v1',
    retry: 0,
    fetch: async (input) => {
      const request = input as Request;
      const text = await request.clone().text();
      seen.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.get('authorization'),
        body: text === '' ? undefined : JSON.parse(text),
      });
      return answer(request);
    },
  });
  return { client, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listed = {
  _id: 'u1',
  email: 'worker@example.com',
  role: 'employee',
  category: 'hardware',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('admin user calls', () => {
  it('lists users with the bearer token', async () => {
    const { client, seen } = clientAnswering(() => json(200, [listed]));
    expect(await fetchUsers('tok', client)).toEqual({ ok: true, value: [listed] });
    expect(seen).toEqual([
      {
        method: 'GET',
        url: 'http://api.test/api/v1/users',
        authorization: 'Bearer tok',
        body: undefined,
      },
    ]);
  });

  it('keeps a role the app does not know when listing', async () => {
    const { client } = clientAnswering(() => json(200, [{ ...listed, role: 'auditor' }]));
    const result = await fetchUsers('tok', client);
    expect(result.ok && result.value[0]?.role).toBe('auditor');
  });

  it('reports a list of the wrong shape as an invalid response', async () => {
    const { client } = clientAnswering(() => json(200, { users: [] }));
    expect(await fetchUsers('tok', client)).toEqual({ ok: false, reason: 'invalid-response' });
  });

  it("returns the server's message and status on an error answer", async () => {
    const { client } = clientAnswering(() => json(403, { message: 'Admin access required' }));
    expect(await fetchUsers('tok', client)).toEqual({
      ok: false,
      reason: 'http',
      status: 403,
      message: 'Admin access required',
    });
  });

  it('returns the status alone when the error answer has no message', async () => {
    const { client } = clientAnswering(() => new Response('boom', { status: 500 }));
    expect(await fetchUsers('tok', client)).toEqual({ ok: false, reason: 'http', status: 500 });
  });

  it('reports an unreachable server and a bare gateway error as network failures', async () => {
    const offline = clientAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchUsers('tok', offline.client)).toEqual({ ok: false, reason: 'network' });
    const gateway = clientAnswering(() => new Response('', { status: 503 }));
    expect(await fetchUsers('tok', gateway.client)).toEqual({ ok: false, reason: 'network' });
  });

  it('posts a new user to users/signup', async () => {
    const input = {
      email: 'new@example.com',
      password: 'secret1',
      role: 'employee',
      category: 'hardware',
    } as const;
    const { client, seen } = clientAnswering(() =>
      json(201, { ...listed, email: 'new@example.com' }),
    );
    const result = await createUser('tok', input, client);
    expect(result).toEqual({ ok: true, value: { ...listed, email: 'new@example.com' } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/v1/users/signup',
      authorization: 'Bearer tok',
      body: input,
    });
  });

  it('passes on the 409 message for a taken e-mail', async () => {
    const { client } = clientAnswering(() =>
      json(409, { message: 'A user with this email already exists' }),
    );
    const input = {
      email: 'taken@example.com',
      password: 'secret1',
      role: 'employee',
      category: 'hardware',
    } as const;
    expect(await createUser('tok', input, client)).toEqual({
      ok: false,
      reason: 'http',
      status: 409,
      message: 'A user with this email already exists',
    });
  });

  it('leaves a blank password out of the update so the current one is kept', async () => {
    const { client, seen } = clientAnswering(() => json(200, listed));
    const input = updateUserSchema.parse({
      email: 'worker@example.com',
      password: '',
      role: 'employee',
      category: 'godown',
    });
    await updateUser('tok', 'u1', input, client);
    expect(seen[0]).toEqual({
      method: 'PUT',
      url: 'http://api.test/api/v1/users/u1',
      authorization: 'Bearer tok',
      body: { email: 'worker@example.com', role: 'employee', category: 'godown' },
    });
  });

  it('sends a new password and returns the fresh token of a self-edit', async () => {
    const { client, seen } = clientAnswering(() => json(200, { ...listed, token: 'a.b.c' }));
    const result = await updateUser(
      'tok',
      'u1',
      { email: 'worker@example.com', password: 'secret2', role: 'admin', category: 'godown' },
      client,
    );
    expect(result).toEqual({ ok: true, value: { ...listed, token: 'a.b.c' } });
    expect(seen[0]?.body).toEqual({
      email: 'worker@example.com',
      password: 'secret2',
      role: 'admin',
      category: 'godown',
    });
  });

  it('deletes a user by id and passes on a refusal', async () => {
    const ok = clientAnswering(() =>
      json(200, { _id: 'u1', message: 'User deleted successfully' }),
    );
    expect(await deleteUser('tok', 'u1', ok.client)).toEqual({ ok: true, value: null });
    expect(ok.seen[0]).toMatchObject({
      method: 'DELETE',
      url: 'http://api.test/api/v1/users/u1',
      authorization: 'Bearer tok',
    });
    const refused = clientAnswering(() =>
      json(409, { message: 'The last admin cannot be removed or demoted' }),
    );
    expect(await deleteUser('tok', 'u2', refused.client)).toEqual({
      ok: false,
      reason: 'http',
      status: 409,
      message: 'The last admin cannot be removed or demoted',
    });
  });
});
