import { HTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { loginMessages } from '../../../domain/user-messages.ts';
import type { LoginInput } from '../../../domain/users.ts';
import { apiClient, serverMessageOf } from '../../api/client.ts';
import { loginResponseSchema, type LoginResponseBody } from '../../session/login-response.ts';

export type LoginResult =
  { ok: true; response: LoginResponseBody } | { ok: false; message: string };

/**
 * POST /users/login, answered with the spec's messages (section 8, 'Login'): the server's message
 * or 'Invalid login credentials' on 401, 'An error occurred. Please try again later.' when the
 * server cannot be reached, 'Login failed. Please try again.' otherwise. Messages are English;
 * the screen translates them.
 */
export async function requestLogin(
  input: LoginInput,
  client: KyInstance = apiClient,
): Promise<LoginResult> {
  let body: unknown;
  try {
    body = await client.post('users/login', { json: input }).json();
  } catch (error) {
    if (error instanceof HTTPError) {
      const serverMessage = await serverMessageOf(error);
      if (error.response.status === 401) {
        return { ok: false, message: serverMessage ?? loginMessages.invalidCredentials };
      }
      // 5xx from a proxy or an offline service worker has no useful text for the user.
      if (error.response.status >= 500) return { ok: false, message: loginMessages.networkError };
      return { ok: false, message: serverMessage ?? loginMessages.loginFailed };
    }
    if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
      return { ok: false, message: loginMessages.networkError };
    }
    return { ok: false, message: loginMessages.loginFailed };
  }
  const parsed = loginResponseSchema.safeParse(body);
  return parsed.success
    ? { ok: true, response: parsed.data }
    : { ok: false, message: loginMessages.loginFailed };
}
