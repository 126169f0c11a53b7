import { Outlet, useRouterState } from '@tanstack/react-router';
import { loginPath, normalizePath, protectedRoots } from '../../domain/access.ts';
import { InsecureAddressBanner } from '../components/insecure-address-banner.tsx';
import { NavBar } from './nav-bar.tsx';
import { useT } from '../i18n/i18n.tsx';
import '../components/shell.css';

/** The login page and every staff and admin screen: where offline work matters. */
function isAppPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === loginPath || protectedRoots.includes(path.split('/')[1] ?? '');
}

/**
 * Every page: skip link, navigation bar, the insecure-address banner on app screens opened at a
 * plain http LAN address, then the route's content in the main landmark.
 */
export function RootLayout() {
  const t = useT();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <NavBar />
      {isAppPath(pathname) ? <InsecureAddressBanner /> : null}
      {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
      <main id="main-content" className="app-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
