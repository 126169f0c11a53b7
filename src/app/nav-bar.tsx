import { Link as RouterLink } from '@tanstack/react-router';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { departmentsVisibleTo } from '../../domain/access.ts';
import { ChakraPart, loadChakraForParts } from '../components/chakra-part.tsx';
import { afterFirstContent } from '../components/first-content.ts';
import { useSession, type Session } from '../session/session.ts';
import { useT } from '../i18n/i18n.tsx';
import { departmentName } from '../i18n/department-name.ts';
import { DepartmentLink, HomeLink, NavLink } from '../components/nav-link.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import './nav-menu.css';

// Signed-in only: loaded when a session exists, so the home page's start-up graph for an anonymous
// visitor holds neither the sync engine nor Dexie nor Chakra (see signed-in-nav.tsx). Both are
// Chakra components, each in its own provider (ChakraPart): the page below may render without it.
const SyncStatus = lazy(() =>
  import('./signed-in-nav.tsx').then((module) => ({ default: module.SyncStatus })),
);
// Loaded when first opened: a tablet's start-up does not wait for a dialog nobody has asked for.
const NavLogoutDialog = lazy(() =>
  import('./nav-logout-dialog.tsx').then((module) => ({ default: module.NavLogoutDialog })),
);

/** A page that does not mark its first content gets the signed-in parts this long after. */
const chakraFallbackMs = 1000;

/**
 * Whether the Logout dialog is open, kept outside React state: the first time Chakra arrives the
 * tree below the gate is mounted afresh (chakra-gate.tsx), and a Logout click made just after
 * signing in, while the next page still loaded, was lost with the navigation bar's state (a CI
 * run clicked Logout and no dialog came).
 */
const logoutDialog = {
  open: false,
  /** Opened at least once: the dialog (a lazy chunk) stays mounted from then on, to close. */
  used: false,
  listeners: new Set<() => void>(),
  set(open: boolean) {
    if (logoutDialog.open === open) return;
    logoutDialog.open = open;
    if (open) logoutDialog.used = true;
    for (const listener of logoutDialog.listeners) listener();
  },
  subscribe(listener: () => void) {
    logoutDialog.listeners.add(listener);
    return () => logoutDialog.listeners.delete(listener);
  },
};

function useLogoutDialogOpen(): boolean {
  return useSyncExternalStore(
    logoutDialog.subscribe,
    () => logoutDialog.open,
    () => false,
  );
}

/**
 * An admin's six departments behind one 'Departments' button in the wide bar, so the row stays on
 * one line (issue 14: at most two lines at 800 px). A plain disclosure: Escape, a click outside or
 * following a link closes it.
 */
function DepartmentsMenu({ session }: { session: Session | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && root.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [open]);

  return (
    <div className="nav-menu" ref={root}>
      <button
        type="button"
        className="nav-link nav-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.departments')}
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={listId} className="nav-menu__list">
          {departmentsVisibleTo(session).map((id) => (
            <DepartmentLink key={id} id={id} onClick={() => setOpen(false)}>
              {departmentName(t, id)}
            </DepartmentLink>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The links every layout shows: Home, Contact, then the user's departments (admins: all + Admin).
 * In the wide bar (`compact`), an admin's departments fold into the Departments menu.
 */
function NavLinks({
  session,
  onNavigate,
  compact = false,
}: {
  session: Session | null;
  onNavigate?: () => void;
  compact?: boolean;
}) {
  const t = useT();
  const isAdmin = session?.user.role === 'admin';
  return (
    <>
      {/* In the wide bar below 64em the brand is the way home: room for the sync status' words. */}
      <HomeLink onClick={onNavigate} className={compact ? 'nav-link--laptop-only' : undefined}>
        {t('nav.home')}
      </HomeLink>
      <NavLink to="/contact" onClick={onNavigate}>
        {t('nav.contact')}
      </NavLink>
      {isAdmin && compact ? (
        <DepartmentsMenu session={session} />
      ) : (
        departmentsVisibleTo(session).map((id) => (
          <DepartmentLink key={id} id={id} onClick={onNavigate}>
            {departmentName(t, id)}
          </DepartmentLink>
        ))
      )}
      {session && !isAdmin && departmentsVisibleTo(session).length === 0 && (
        <NavLink to="/dashboard" onClick={onNavigate}>
          {t('dashboard.title')}
        </NavLink>
      )}
      {isAdmin && (
        <NavLink to="/admin" onClick={onNavigate}>
          {t('nav.admin')}
        </NavLink>
      )}
    </>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The menu of narrow screens: a modal <dialog> sliding in from the end edge. The browser traps
 * focus inside it, closes it on Escape and returns focus to the menu button; a click on the
 * backdrop closes it too.
 */
function MenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="nav-drawer"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // The dialog element itself is hit only on its backdrop: the panel covers the rest.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="nav-drawer__panel">
        <div className="nav-drawer__header">
          <h2 id={titleId} className="nav-drawer__title">
            {t('nav.menu')}
          </h2>
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}

/**
 * The top navigation bar (spec section 2). From the md breakpoint up the links sit in one row;
 * below it a menu button opens a drawer with the same links. The Logout dialog lives here, not
 * in the drawer, so closing the drawer does not close the dialog. Plain elements styled by
 * shell.css: it is on every page, including the ones that render without Chakra.
 */
export function NavBar() {
  const t = useT();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const logoutOpen = useLogoutDialogOpen();
  const setLogoutOpen = logoutDialog.set;

  // The signed-in parts (sync status, logout dialog) are Chakra components. Loaded after the
  // page's first content: a department's home renders without Chakra, and its list comes first.
  useEffect(
    () =>
      session
        ? afterFirstContent(
            () => void loadChakraForParts().catch(() => undefined),
            chakraFallbackMs,
          )
        : undefined,
    [session],
  );

  const closeMenu = () => setMenuOpen(false);
  const openLogout = () => {
    // A click before the signed-in parts have loaded Chakra: the dialog shows once it has.
    void loadChakraForParts().catch(() => undefined);
    setLogoutOpen(true);
  };

  return (
    <header className="nav-bar">
      <nav aria-label={t('nav.main')} className="nav-bar__inner">
        <RouterLink to="/" className="nav-bar__brand">
          {t('app.name')}
        </RouterLink>

        <div className="nav-bar__links">
          <NavLinks session={session} compact />
        </div>
        <div className="nav-bar__spacer" />

        <div className="nav-bar__end">
          {session && (
            <ChakraPart>
              <Suspense fallback={null}>
                <SyncStatus />
              </Suspense>
            </ChakraPart>
          )}
          <LanguageSwitch />
          {session ? (
            <div className="nav-bar__account">
              <span
                className="nav-bar__email"
                title={session.user.email}
                aria-label={t('nav.signedInAs', { email: session.user.email })}
              >
                {session.user.email}
              </span>
              <button
                type="button"
                className="button button--outline button--sm"
                onClick={openLogout}
                title={t('nav.signedInAs', { email: session.user.email })}
              >
                {t('nav.logout')}
              </button>
            </div>
          ) : (
            <div className="nav-bar__account">
              <NavLink to="/login">{t('nav.login')}</NavLink>
            </div>
          )}
          <button
            type="button"
            className="button button--ghost nav-bar__menu-button"
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </nav>

      <MenuDrawer open={menuOpen} onClose={closeMenu}>
        <nav aria-label={t('nav.main')} className="nav-drawer__links">
          <NavLinks session={session} onNavigate={closeMenu} />
          <hr className="nav-drawer__separator" />
          {session ? (
            <>
              <p className="nav-drawer__email">
                {t('nav.signedInAs', { email: session.user.email })}
              </p>
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  closeMenu();
                  openLogout();
                }}
              >
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <NavLink to="/login" onClick={closeMenu}>
              {t('nav.login')}
            </NavLink>
          )}
        </nav>
      </MenuDrawer>

      {/* Also while open after the session ended: the dialog closes itself and navigates. */}
      {(session || logoutOpen) && logoutDialog.used && (
        <ChakraPart>
          <Suspense fallback={null}>
            <NavLogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
          </Suspense>
        </ChakraPart>
      )}
    </header>
  );
}
