import { Outlet } from '@tanstack/react-router';
import { NavBar } from './nav-bar.tsx';
import { useT } from '../i18n/i18n.tsx';
import '../components/shell.css';

/** Every page: skip link, navigation bar, then the route's content in the main landmark. */
export function RootLayout() {
  const t = useT();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <NavBar />
      {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
      <main id="main-content" className="app-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
