import { z } from 'zod';
import { categories, roles } from '../../domain/users.ts';

/**
 * The body of POST /users/login, checked: `unknown` from the network, a schema, then a type.
 * Apart from session.ts, so the session store (on every page, the public ones included) does not
 * pull zod into the start-up code; only the sign-in screens check a login response.
 */
export const loginResponseSchema = z.object({
  _id: z.string().min(1),
  email: z.string().min(1),
  role: z.enum(roles),
  category: z.enum(categories),
  token: z.string().min(1),
  message: z.string().optional(),
});
export type LoginResponseBody = z.infer<typeof loginResponseSchema>;
