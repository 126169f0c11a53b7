import { getRouteApi } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { useSiteLanguage } from '../features/landing/use-marketing-language.ts';

const loginApi = getRouteApi('/login');

/** /login's component, in its own chunk (router.tsx loads it with lazyRouteComponent). */
export function LoginRoute() {
  const { redirect } = loginApi.useSearch();
  useSiteLanguage();
  return <LoginPage redirect={redirect} />;
}
