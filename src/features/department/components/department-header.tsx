import { Box, Button, Container, Flex, Heading, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { useT } from '../../../i18n/i18n.tsx';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { useDepartment } from '../use-department.ts';

interface NavItem {
  to:
    | '/$dept'
    | '/$dept/order-item'
    | '/$dept/orders'
    | '/$dept/admin/upload'
    | '/$dept/admin/manage';
  labelKey: MessageKey;
  exact?: boolean;
  adminOnly?: boolean;
}

const navItems: readonly NavItem[] = [
  { to: '/$dept', labelKey: 'catalog.nav.home', exact: true },
  { to: '/$dept/order-item', labelKey: 'catalog.nav.orderItem' },
  { to: '/$dept/orders', labelKey: 'catalog.nav.orders' },
  { to: '/$dept/admin/upload', labelKey: 'catalog.nav.upload', adminOnly: true },
  { to: '/$dept/admin/manage', labelKey: 'catalog.nav.manage', adminOnly: true },
];

function NavLinks({
  dept,
  isAdmin,
  onNavigate,
}: {
  dept: ProductDepartmentId;
  isAdmin: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  return navItems
    .filter((item) => isAdmin || !item.adminOnly)
    .map((item) => (
      <Button
        key={item.to}
        asChild
        variant="ghost"
        size="sm"
        justifyContent={{ base: 'flex-start', md: 'center' }}
        css={{ '&[aria-current=page]': { bg: 'colorPalette.subtle', fontWeight: 'semibold' } }}
      >
        <Link
          to={item.to}
          params={{ dept }}
          activeOptions={{ exact: item.exact ?? false }}
          onClick={onNavigate}
        >
          {t(item.labelKey)}
        </Link>
      </Button>
    ));
}

/**
 * The department's own header navigation (spec section 2): Home, Order item, Orders, plus Upload
 * and Manage for admins; on small screens the links fold into a menu button.
 */
export function DepartmentHeader({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const { name, isAdmin } = useDepartment(dept);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.subtle">
      <Container maxW="6xl" py="2">
        <Flex align="center" justify="space-between" gap="4">
          <Heading as="p" size="md">
            {name}
          </Heading>
          <Flex
            as="nav"
            aria-label={t('catalog.nav.label', { name })}
            gap="1"
            display={{ base: 'none', md: 'flex' }}
          >
            <NavLinks dept={dept} isAdmin={isAdmin} />
          </Flex>
          <Button
            display={{ base: 'inline-flex', md: 'none' }}
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={
              open ? t('catalog.nav.closeMenu', { name }) : t('catalog.nav.openMenu', { name })
            }
            onClick={() => setOpen((value) => !value)}
          >
            {t('nav.menu')}
          </Button>
        </Flex>
        {open ? (
          <Stack
            as="nav"
            id={menuId}
            aria-label={t('catalog.nav.label', { name })}
            gap="1"
            pt="2"
            display={{ base: 'flex', md: 'none' }}
          >
            <NavLinks dept={dept} isAdmin={isAdmin} onNavigate={() => setOpen(false)} />
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
