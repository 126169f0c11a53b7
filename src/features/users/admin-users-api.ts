import { HTTPError, type KyInstance } from 'ky';
import { z } from 'zod';
import type { CreateUserInput, UpdateUserInput } from '../../../domain/users.ts';
import { apiClient, serverMessageOf } from '../../api/client.ts';

/**
 * The admin's user calls (spec section 7, 'Users'), online only: nothing here is queued or cached,
 * a failure is reported to the screen, which keeps what the admin typed. Named `admin-*` so the
 * bundler keeps it in the admin chunks the service worker does not precache (vite.config.ts).
 */

/** A user as GET /users lists it. Role is a plain string: values beyond admin/employee may exist. */
export const listedUserSchema = z.object({
  _id: z.string().min(1),
  email: z.string(),
  role: z.string(),
  category: z.string(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ListedUser = z.infer<typeof listedUserSchema>;

const usersSchema = z.array(listedUserSchema);

/** PUT /users/{id}: the user, plus a fresh `token` when admins edit themselves. */
const updatedUserSchema = listedUserSchema.extend({ token: z.string().min(1).optional() });
export type UpdatedUser = z.infer<typeof updatedUserSchema>;

/**
 * Why a call failed: the server could not be reached ('network'), it answered with an error
 * ('http', with its `{message}` when it sent one), or it answered with a body of the wrong shape.
 */
export type UsersApiFailure =
  | { ok: false; reason: 'network' }
  | { ok: false; reason: 'http'; status: number; message?: string }
  | { ok: false; reason: 'invalid-response' };

export type UsersApiResult<T> = { ok: true; value: T } | UsersApiFailure;

// Gateway errors without a body come from a proxy or an offline service worker, not our server.
const gatewayStatuses = new Set([502, 503, 504]);

async function failureOf(error: unknown): Promise<UsersApiFailure> {
  if (error instanceof HTTPError) {
    const message = await serverMessageOf(error);
    const status = error.response.status;
    if (message === undefined && gatewayStatuses.has(status))
      return { ok: false, reason: 'network' };
    return message === undefined
      ? { ok: false, reason: 'http', status }
      : { ok: false, reason: 'http', status, message };
  }
  // A 2xx body that is not JSON (e.g. an HTML page from a misrouted proxy) is a wrong answer.
  if (error instanceof SyntaxError) return { ok: false, reason: 'invalid-response' };
  // Everything else (fetch's TypeError, ky's network and timeout errors, an abort) means the
  // server was not reached.
  return { ok: false, reason: 'network' };
}

async function call<T>(
  schema: z.ZodType<T>,
  send: () => Promise<unknown>,
): Promise<UsersApiResult<T>> {
  let body: unknown;
  try {
    body = await send();
  } catch (error) {
    return failureOf(error);
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reason: 'invalid-response' };
}

function authorization(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** GET /users. */
export function fetchUsers(
  token: string,
  client: KyInstance = apiClient,
): Promise<UsersApiResult<ListedUser[]>> {
  return call(usersSchema, () => client.get('users', { headers: authorization(token) }).json());
}

/** POST /users/signup: the created user (409 with a message when the e-mail exists). */
export function createUser(
  token: string,
  input: CreateUserInput,
  client: KyInstance = apiClient,
): Promise<UsersApiResult<ListedUser>> {
  return call(listedUserSchema, () =>
    client.post('users/signup', { headers: authorization(token), json: input }).json(),
  );
}

/** PUT /users/{id}: a missing password keeps the current one. */
export function updateUser(
  token: string,
  id: string,
  input: UpdateUserInput,
  client: KyInstance = apiClient,
): Promise<UsersApiResult<UpdatedUser>> {
  const body = {
    email: input.email,
    role: input.role,
    category: input.category,
    ...(input.password ? { password: input.password } : {}),
  };
  return call(updatedUserSchema, () =>
    client
      .put(`users/${encodeURIComponent(id)}`, { headers: authorization(token), json: body })
      .json(),
  );
}

/** DELETE /users/{id} (403 for yourself, 409 for the last admin). */
export function deleteUser(
  token: string,
  id: string,
  client: KyInstance = apiClient,
): Promise<UsersApiResult<null>> {
  return call(z.null(), async () => {
    await client.delete(`users/${encodeURIComponent(id)}`, { headers: authorization(token) });
    return null;
  });
}
