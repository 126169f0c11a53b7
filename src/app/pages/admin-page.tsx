import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { departmentIds, departments } from '../../../domain/departments.ts';
import { DepartmentLink } from '../../components/nav-link.tsx';
import { Page } from '../../components/page.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { isMessageKey } from '../../i18n/translate.ts';

/** /admin (admins only): the departments with links; the admin portal comes later. */
export function AdminPage() {
  const t = useT();
  return (
    <Page title={t('admin.title')}>
      <Text color="fg.muted">{t('admin.text')}</Text>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="4" listStyleType="none">
        {departmentIds.map((id) => {
          const key = departments[id].nameKey;
          return (
            <Card.Root as="li" key={id} size="sm">
              <Card.Body>
                <DepartmentLink id={id}>{isMessageKey(key) ? t(key) : id}</DepartmentLink>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Page>
  );
}
