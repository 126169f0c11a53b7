import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Field,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { clampPage, pageCount, pageSlice } from '../../../domain/pagination.ts';
import { Page } from '../../components/page.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { useSession } from '../auth/session.ts';
import { DeleteUserDialog, EditUserDialog } from './admin-user-dialogs.tsx';
import {
  categoryLabel,
  failureDetail,
  filterUsersByEmail,
  roleLabel,
  usersPageSize,
} from './admin-user-form.ts';
import type { ListedUser } from './admin-users-api.ts';
import { useUsers } from './admin-use-users.ts';
import { EditDeleteButtons } from '../../components/row-actions.tsx';

/**
 * /admin/users 'User Management' (admins): search by e-mail, the table Email / Role / Category /
 * Actions 10 per page, and the Edit User and Delete User modals. Online only: the list comes from
 * the API each time the page opens.
 */
export function AdminUsersPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const { state, reload, replace, remove } = useUsers(session?.token);
  const [query, setQuery] = useState('');
  const [requestedPage, setRequestedPage] = useState(1);
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const [deleting, setDeleting] = useState<ListedUser | null>(null);

  const users = state.kind === 'ready' ? state.users : null;
  const shown = useMemo(() => (users ? filterUsersByEmail(users, query) : []), [users, query]);
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
          <Link to="/admin/users/create">{t('users.createLink')}</Link>
        </Button>
      </HStack>

      {state.kind === 'loading' ? (
        <Center py="16" role="status" aria-live="polite">
          <Stack align="center" gap="3">
            <Spinner size="lg" color="blue.500" />
            <Text color="fg.muted">{t('users.loading')}</Text>
          </Stack>
        </Center>
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
        <Box textAlign="center" py="12" px="4" borderWidth="1px" borderStyle="dashed" rounded="md">
          <Heading as="p" size="md">
            {query.trim() === '' ? t('users.empty') : t('users.emptySearch')}
          </Heading>
        </Box>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" striped>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('users.col.email')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.col.role')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.col.category')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.col.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
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
                      <Table.Cell>{categoryLabel(t, user.category)}</Table.Cell>
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
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
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
