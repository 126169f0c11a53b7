import type { authEn } from '../en/auth.ts';

/** Kiswahili for sign-in, sign-out and session strings. */
export const authSw: Record<keyof typeof authEn, string> = {
  'auth.login.title': 'Ingia',
  'auth.login.intro': 'Ingia kwa barua pepe na nenosiri ulilopewa na msimamizi wako.',
  'auth.login.email': 'Barua pepe',
  'auth.login.password': 'Nenosiri',
  'auth.login.submit': 'Ingia',
  'auth.login.submitting': 'Inaingia…',
  'auth.login.signedInAs': 'Umeingia kama {email}.',
  'auth.login.opening': 'Inafungua ukurasa wako…',
  'auth.login.openMyPage': 'Nenda kwenye ukurasa wangu',
  'auth.login.logOut': 'Toka',
  'auth.logout.title': 'Thibitisha Kutoka',
  'auth.logout.text':
    'Una uhakika unataka kutoka? Utahitaji kuingia tena ili kufikia akaunti yako.',
  'auth.logout.confirm': 'Toka',
  'auth.session.expired': 'Muda wa kuingia kwako umeisha. Tafadhali ingia tena.',
  'auth.session.loading': 'Inapakia taarifa zako za kuingia…',
  'auth.message.emailRequired': 'Barua pepe inahitajika.',
  'auth.message.emailInvalid': 'Muundo wa barua pepe si sahihi.',
  'auth.message.passwordRequired': 'Nenosiri linahitajika.',
  'auth.message.passwordTooShort': 'Nenosiri lazima liwe na angalau herufi 6.',
  'auth.message.invalidCredentials': 'Taarifa za kuingia si sahihi',
  'auth.message.networkError': 'Hitilafu imetokea. Tafadhali jaribu tena baadaye.',
  'auth.message.loginFailed': 'Imeshindwa kuingia. Tafadhali jaribu tena.',
  'auth.message.loginSuccess': 'Umeingia kwa mafanikio',
};
