import { Alert, Badge, Button, Field, HStack, Input, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { clampPage, pageCount, pageSlice } from '../../../domain/pagination.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadingState } from '../../components/page-states.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { departmentName } from '../../i18n/department-name.ts';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { useSession } from '../../session/session.ts';
import { DeleteUserDialog, EditUserDialog } from './admin-user-dialogs.tsx';
import { failureDetail, filterUsersByEmail, roleLabel, usersPageSize } from './admin-user-form.ts';
import type { ListedUser } from './admin-users-api.ts';
import { useUsers } from './admin-use-users.ts';
import { EditDeleteButtons } from '../../components/row-actions.tsx';
import type { DepartmentId } from '../../../domain/departments.ts';

/**
 * /admin/users 'User Management' (admins): search by e-mail, the table Email / Role / Category /
 * Actions 10 per page, and the Edit User and Delete User modals. Online only: the list comes from
 * the API each time the page opens.
 */
export function AdminUsersPage({ dept }: { dept?: DepartmentId } = {}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const { state, reload, replace, remove } = useUsers(session?.token);
  const [query, setQuery] = useState('');
  const [requestedPage, setRequestedPage] = useState(1);
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const [deleting, setDeleting] = useState<ListedUser | null>(null);

  const users = state.kind === 'ready' ? state.users : null;
  // With `dept` (a department's Staff screen, decision 0038) only its users; a manager's list is
  // already narrowed by the server, an admin's is narrowed here.
  const shown = useMemo(
    () =>
      users
        ? filterUsersByEmail(dept ? users.filter((user) => user.category === dept) : users, query)
        : [],
    [users, query, dept],
  );
  const pages = pageCount(shown.length, usersPageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(shown, page, usersPageSize);

  return (
    <Page title={t('users.title')}>
      <HStack justify="space-between" align="end" gap="4" wrap="wrap">
        <Field.Root maxW={{ base: 'full', md: 'sm' }}>
          <Field.Label>{t('users.search')}</Field.Label>
          <Input
            type="search"
            value={query}
            placeholder={t('users.searchPlaceholder')}
            onChange={(event) => {
              setQuery(event.target.value);
              setRequestedPage(1);
            }}
          />
        </Field.Root>
        <Button asChild colorPalette="blue">
          {dept ? (
            <Link to="/$dept/admin/users/create" params={{ dept }}>
              {t('users.createLink')}
            </Link>
          ) : (
            <Link to="/admin/users/create">{t('users.createLink')}</Link>
          )}
        </Button>
      </HStack>

      {state.kind === 'loading' ? (
        <LoadingState label={t('users.loading')} />
      ) : state.kind === 'failed' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t('users.fetchFailed', {
                message: failureDetail(t, translateMessage, state.failure),
              })}
            </Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            {t('users.retry')}
          </Button>
        </Alert.Root>
      ) : shown.length === 0 ? (
        <EmptyState title={query.trim() === '' ? t('users.empty') : t('users.emptySearch')} />
      ) : (
        <>
          <DataTable
            columns={[
              t('users.col.email'),
              t('users.col.role'),
              t('users.col.category'),
              t('users.col.actions'),
            ]}
          >
            {visible.map((user) => {
              const isSelf = user._id === session?.user._id;
              return (
                <Table.Row key={user._id}>
                  <Table.Cell>
                    <HStack gap="2">
                      <Text wordBreak="break-all">{user.email}</Text>
                      {isSelf && (
                        <Badge colorPalette="blue" variant="subtle">
                          {t('users.you')}
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>{roleLabel(t, user.role)}</Table.Cell>
                  <Table.Cell>{departmentName(t, user.category)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <EditDeleteButtons
                        editText={t('users.edit')}
                        editLabel={t('users.editOf', { email: user.email })}
                        onEdit={() => setEditing(user)}
                        deleteText={t('users.delete')}
                        deleteLabel={t('users.deleteOf', { email: user.email })}
                        onDelete={() => setDeleting(user)}
                        deleteDisabled={isSelf}
                        {...(isSelf ? { deleteTitle: t('users.cannotDeleteSelf') } : {})}
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </DataTable>
          <Pagination
            page={page}
            pages={pages}
            onPageChange={setRequestedPage}
            label={t('users.pages')}
          />
        </>
      )}

      <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={replace} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={remove} />
    </Page>
  );
}
