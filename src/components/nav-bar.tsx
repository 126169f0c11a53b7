import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { departmentsVisibleTo } from '../../domain/access.ts';
import { departments, type DepartmentId } from '../../domain/departments.ts';
import { useSession, type Session } from '../features/auth/session.ts';
import { useT, type TranslateFn } from '../i18n/i18n.tsx';
import { isMessageKey } from '../i18n/translate.ts';
import { DepartmentLink, HomeLink, NavLink } from './nav-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';

// Signed-in only: loaded when a session exists, so the home page's start-up graph for an anonymous
// visitor holds neither the sync engine nor Dexie (see signed-in-nav.tsx).
const SyncStatus = lazy(() =>
  import('./signed-in-nav.tsx').then((module) => ({ default: module.SyncStatus })),
);
const NavLogoutDialog = lazy(() =>
  import('./signed-in-nav.tsx').then((module) => ({ default: module.NavLogoutDialog })),
);

function departmentName(t: TranslateFn, id: DepartmentId): string {
  const key = departments[id].nameKey;
  return isMessageKey(key) ? t(key) : id;
}

/** The links every layout shows: Home, Contact, then the user's departments (admins: all + Admin). */
function NavLinks({ session, onNavigate }: { session: Session | null; onNavigate?: () => void }) {
  const t = useT();
  const isAdmin = session?.user.role === 'admin';
  return (
    <>
      <HomeLink onClick={onNavigate}>{t('nav.home')}</HomeLink>
      <NavLink to="/contact" onClick={onNavigate}>
        {t('nav.contact')}
      </NavLink>
      {departmentsVisibleTo(session).map((id) => (
        <DepartmentLink key={id} id={id} onClick={onNavigate}>
          {departmentName(t, id)}
        </DepartmentLink>
      ))}
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

/**
 * The top navigation bar (spec section 2). From the md breakpoint up the links sit in one row;
 * below it a menu button opens a drawer with the same links. The Logout dialog lives here, not
 * in the drawer, so closing the drawer does not close the dialog.
 */
export function NavBar() {
  const t = useT();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const closeMenu = () => setMenuOpen(false);

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Flex
        as="nav"
        aria-label={t('nav.main')}
        maxW="7xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        py="2"
        align="center"
        gap="3"
      >
        <Link asChild fontWeight="bold" fontSize="lg" color="fg" mr="2" whiteSpace="nowrap">
          <RouterLink to="/">{t('app.name')}</RouterLink>
        </Link>

        <HStack gap="1" hideBelow="md" wrap="wrap" flex="1">
          <NavLinks session={session} />
        </HStack>
        <Box flex="1" hideFrom="md" />

        <HStack gap="2">
          {session && (
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
          )}
          <LanguageSwitch />
          {session ? (
            <HStack gap="2" hideBelow="md">
              <Text
                fontSize="sm"
                color="fg.muted"
                maxW={{ md: '9rem', lg: '15rem' }}
                truncate
                title={session.user.email}
                aria-label={t('nav.signedInAs', { email: session.user.email })}
              >
                {session.user.email}
              </Text>
              <Button size="sm" variant="outline" onClick={() => setLogoutOpen(true)}>
                {t('nav.logout')}
              </Button>
            </HStack>
          ) : (
            <Box hideBelow="md">
              <NavLink to="/login">{t('nav.login')}</NavLink>
            </Box>
          )}

          <Drawer.Root
            open={menuOpen}
            onOpenChange={(details) => setMenuOpen(details.open)}
            placement="end"
          >
            <Drawer.Trigger asChild>
              <IconButton aria-label={t('nav.openMenu')} variant="ghost" hideFrom="md">
                <MenuIcon />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content>
                  <Drawer.Header>
                    <Drawer.Title>{t('nav.menu')}</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <Stack as="nav" aria-label={t('nav.main')} gap="1" align="stretch">
                      <NavLinks session={session} onNavigate={closeMenu} />
                      <Separator my="2" />
                      {session ? (
                        <>
                          <Text fontSize="sm" color="fg.muted" px="2" wordBreak="break-all">
                            {t('nav.signedInAs', { email: session.user.email })}
                          </Text>
                          <Button
                            variant="outline"
                            onClick={() => {
                              closeMenu();
                              setLogoutOpen(true);
                            }}
                          >
                            {t('nav.logout')}
                          </Button>
                        </>
                      ) : (
                        <NavLink to="/login" onClick={closeMenu}>
                          {t('nav.login')}
                        </NavLink>
                      )}
                    </Stack>
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label={t('common.close')} />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        </HStack>
      </Flex>
      {/* Also while open after the session ended: the dialog closes itself and navigates. */}
      {(session || logoutOpen) && (
        <Suspense fallback={null}>
          <NavLogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
        </Suspense>
      )}
    </Box>
  );
}
