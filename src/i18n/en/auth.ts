import { loginMessages } from '../../../domain/user-messages.ts';

/**
 * Sign-in, sign-out and session strings. The `auth.message.*` values are the spec's exact English
 * messages (shared with the server through domain/user-messages.ts) so translateMessage() finds them.
 */
export const authEn = {
  'auth.login.title': 'Login',
  'auth.login.intro': 'Sign in with the e-mail and password your administrator gave you.',
  'auth.login.email': 'Email',
  'auth.login.password': 'Password',
  'auth.login.submit': 'Login',
  'auth.login.submitting': 'Signing in…',
  'auth.login.signedInAs': 'You are signed in as {email}.',
  'auth.login.opening': 'Opening your page…',
  'auth.login.openMyPage': 'Go to my page',
  'auth.login.logOut': 'Log out',
  'auth.logout.title': 'Confirm Logout',
  'auth.logout.text':
    "Are you sure you want to log out? You'll need to sign in again to access your account.",
  'auth.logout.confirm': 'Logout',
  'auth.session.expired': 'Your session has expired. Please sign in again.',
  'auth.session.loading': 'Loading your session…',
  'auth.message.emailRequired': loginMessages.emailRequired,
  'auth.message.emailInvalid': loginMessages.emailInvalid,
  'auth.message.passwordRequired': loginMessages.passwordRequired,
  'auth.message.passwordTooShort': loginMessages.passwordTooShort,
  'auth.message.invalidCredentials': loginMessages.invalidCredentials,
  'auth.message.networkError': loginMessages.networkError,
  'auth.message.loginFailed': loginMessages.loginFailed,
  'auth.message.loginSuccess': loginMessages.loginSuccess,
} as const;
