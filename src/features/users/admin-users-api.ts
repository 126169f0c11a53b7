import type { KyInstance } from 'ky';
import { z } from 'zod';
import type { CreateUserInput, UpdateUserInput } from '../../../domain/users.ts';
import {
  authorization,
  onlineCall as call,
  type OnlineFailure,
  type OnlineResult,
} from '../../api/admin-online-api.ts';
import { apiClient } from '../../api/client.ts';

/**
 * The admin's user calls (spec section 7, 'Users'), online only through the shared admin call
 * helper: nothing here is queued or cached, a failure is reported to the screen, which keeps what
 * the admin typed. Named `admin-*` so the service worker does not precache it (vite.config.ts).
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

/** The shared admin call results (src/api/admin-online-api.ts), under the names this feature used. */
export type UsersApiFailure = OnlineFailure;
export type UsersApiResult<T> = OnlineResult<T>;

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
