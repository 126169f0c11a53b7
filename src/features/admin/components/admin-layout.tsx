import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Menu,
  Portal,
  Text,
} from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { LogoutDialog } from '../../auth/logout-dialog.tsx';
import { useLogoutWarning } from '../../auth/logout-warning.ts';
import { refreshUnreadCount } from '../data/admin-unread.ts';
import { AdminSidebar } from './admin-sidebar.tsx';

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
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
 * Every /admin page (spec section 2, 'Admin portal'): the 'Admin Portal' sidebar (a column from
 * the md breakpoint, a drawer opened by the toggle below it), a header with the welcome line and
 * the user menu (e-mail and Logout, which asks with the app's 'Confirm Logout' dialog), then the
 * page. Admin-only is the root guard's job (domain/access.ts).
 */
export function AdminLayout() {
  const t = useT();
  const session = useSession();
  const warning = useLogoutWarning();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const email = session?.user.email ?? '';
  const token = session?.token;

  useEffect(() => {
    if (token) void refreshUnreadCount(token);
  }, [token]);

  return (
    <Flex align="stretch" minH="calc(100dvh - 3.5rem)">
      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        w="60"
        flexShrink={0}
        borderEndWidth="1px"
        bg="bg.subtle"
      >
        <AdminSidebar />
      </Box>
      <Box flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="3"
          px={{ base: '3', md: '6' }}
          py="2"
          borderBottomWidth="1px"
        >
          <IconButton
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            size="sm"
            aria-label={t('admin.sidebar.open')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Text flex="1" minW="0" truncate fontWeight="medium">
            {t('admin.welcome', { email })}
          </Text>
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <Button
                variant="outline"
                size="sm"
                maxW="15rem"
                aria-label={t('admin.userMenu', { email })}
              >
                <Text truncate>{email}</Text>
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel wordBreak="break-all">{email}</Menu.ItemGroupLabel>
                    <Menu.Item value="logout" onSelect={() => setLogoutOpen(true)}>
                      {t('nav.logout')}
                    </Menu.Item>
                  </Menu.ItemGroup>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Flex>
        <Outlet />
      </Box>

      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(details) => setDrawerOpen(details.open)}
        placement="start"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>{t('admin.portal')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body p="0">
                <AdminSidebar onNavigate={() => setDrawerOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} warning={warning} />
    </Flex>
  );
}
