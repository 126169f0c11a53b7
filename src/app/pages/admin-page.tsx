import { Card, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { departmentIds } from '../../../domain/departments.ts';
import { DepartmentLink } from '../../components/nav-link.tsx';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { departmentName } from '../../i18n/department-name.ts';

/** /admin (admins only): user management and the departments, with links. */
export function AdminPage() {
  const t = useT();
  return (
    <Page title={t('admin.title')}>
      <Card.Root size="sm" maxW="md">
        <Card.Body gap="1">
          <Link asChild colorPalette="blue" fontWeight="semibold" fontSize="lg">
            <RouterLink to="/admin/users">{t('users.adminLink')}</RouterLink>
          </Link>
          <Text color="fg.muted">{t('users.adminLinkText')}</Text>
        </Card.Body>
      </Card.Root>
      <Text color="fg.muted">{t('admin.text')}</Text>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="4" listStyleType="none">
        {departmentIds.map((id) => (
          <Card.Root as="li" key={id} size="sm">
            <Card.Body>
              <DepartmentLink id={id}>{departmentName(t, id)}</DepartmentLink>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Page>
  );
}
