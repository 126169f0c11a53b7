/**
 * The spec's exact texts for signing in and managing users (section 5). Kept apart from the
 * schemas in users.ts, which need zod: the PWA's dictionaries import these texts on every page,
 * the schemas only where a form or a response is checked.
 */
export const loginMessages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email format.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 6 characters.',
  invalidCredentials: 'Invalid login credentials',
  networkError: 'An error occurred. Please try again later.',
  loginFailed: 'Login failed. Please try again.',
  loginSuccess: 'Login successful',
} as const;

export const userFormMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  emailTaken: 'A user with this email already exists',
  userNotFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'The last admin cannot be removed or demoted',
} as const;
