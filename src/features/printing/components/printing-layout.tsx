import { Box, Button, Container, Flex, Heading } from '@chakra-ui/react';
import { Link, Outlet } from '@tanstack/react-router';
import { departments, type DepartmentScreen } from '../../../../domain/departments.ts';
import { canManageDepartment } from '../../../../domain/permissions.ts';
import { departmentName, descriptorText } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';

const descriptor = departments.printing;

/**
 * The routes of the print-job screens a menu item (descriptor `menu`) can name. A screen the
 * printing pages do not have is left out of the header rather than linked to a catalog page.
 */
const screenRoutes: Partial<
  Record<
    DepartmentScreen,
    '/printing' | '/printing/orders' | '/printing/admin/users' | '/printing/admin/figures'
  >
> = {
  home: '/printing',
  orders: '/printing/orders',
  'admin/users': '/printing/admin/users',
  'admin/figures': '/printing/admin/figures',
};

/**
 * Every /printing page: the department's header navigation (its descriptor's menu: Submit work,
 * Orders, and Figures for its manager and admins) above the page. Three links fit every screen, so
 * they wrap instead of folding into a menu.
 */
export function PrintingLayout() {
  const t = useT();
  const session = useSession();
  const canManage = session ? canManageDepartment(session.user, descriptor.id) : false;
  const name = departmentName(t, descriptor.id);
  const items = descriptor.menu.filter((item) => item.access === 'staff' || canManage);
  return (
    <>
      <Box as="header" borderBottomWidth="1px" bg="bg.subtle">
        <Container maxW="6xl" py="2">
          <Flex align="center" justify="space-between" gap="2" wrap="wrap">
            <Heading as="p" size="md">
              {name}
            </Heading>
            <Flex as="nav" aria-label={t('printing.nav.label')} gap="2" wrap="wrap">
              {items.map((item) => {
                const to = screenRoutes[item.screen];
                if (!to) return null;
                return (
                  <Button
                    key={item.screen}
                    asChild
                    variant="ghost"
                    size="sm"
                    css={{
                      '&[aria-current=page]': { bg: 'colorPalette.subtle', fontWeight: 'semibold' },
                    }}
                  >
                    <Link to={to} activeOptions={{ exact: item.screen === 'home' }}>
                      {descriptorText(t, item.labelKey, item.screen)}
                    </Link>
                  </Button>
                );
              })}
            </Flex>
          </Flex>
        </Container>
      </Box>
      <Outlet />
    </>
  );
}
