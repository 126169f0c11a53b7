import { Badge, Button, Container, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { EmptyState, LoadingState } from '../../../components/page-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RefusedWrites } from '../../../components/refused-writes.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { addSupplier, editSupplier, type SupplierFields } from '../commands/add-supplier.ts';
import { useSuppliers } from '../data/hooks.ts';
import { SupplierForm } from './supplier-form.tsx';
import '../../../i18n/screen-words-deliveries.ts';

/**
 * /$dept/deliveries/suppliers: the suppliers the godown receives from, kept by its staff and
 * admins, offline too: add one, or edit a name, phone or note.
 */
export function SuppliersPage({ dept }: { dept: ProductDepartmentId }) {
  const t = useT();
  const suppliers = useSuppliers(dept);
  // 'new' for the add form, a supplier's id for its edit form, null for none.
  const [editing, setEditing] = useState<string | null>(null);
  const command = useCallback(
    (id: string | null, fields: SupplierFields) =>
      id === null ? addSupplier(dept, fields) : editSupplier(dept, id, fields),
    [dept],
  );
  const { run } = useCommand(command, t('deliveries.form.failed', { message: '' }));
  const save = (id: string | null) => async (fields: SupplierFields) => {
    const outcome = await run(id, fields);
    if (!outcome.ok) return outcome.message;
    setEditing(null);
    notifySuccess(t('deliveries.supplier.saved'), undefined, outcome.entryId);
    return null;
  };
  return (
    <Container maxW="4xl" py="6">
      <Stack gap="5">
        <PageHeader
          title={t('deliveries.suppliers.title')}
          intro={t('deliveries.suppliers.intro')}
          back={
            <Button asChild variant="ghost" size="sm" minH="44px" px="2">
              <Link to="/$dept/deliveries" params={{ dept }}>
                ← {t('deliveries.suppliers.back')}
              </Link>
            </Button>
          }
          actions={
            <Button
              colorPalette="blue"
              minH="44px"
              disabled={editing !== null}
              onClick={() => setEditing('new')}
            >
              {t('deliveries.suppliers.add')}
            </Button>
          }
        />
        <RefusedWrites department={dept} entity="supplier" />
        {editing === 'new' ? (
          <SupplierForm
            submitLabel={t('deliveries.supplier.save')}
            onSave={save(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {suppliers === undefined ? (
          <LoadingState label={t('deliveries.list.loading')} />
        ) : suppliers.length === 0 ? (
          <EmptyState title={t('deliveries.suppliers.empty')} />
        ) : (
          <DataTable
            label={t('deliveries.suppliers.title')}
            columns={[
              t('deliveries.supplier.name'),
              t('deliveries.supplier.phone'),
              t('deliveries.supplier.notes'),
              t('catalog.orders.col.actions'),
            ]}
          >
            {suppliers.map((supplier) =>
              editing === supplier._id ? (
                <Table.Row key={supplier._id}>
                  <Table.Cell colSpan={4}>
                    <Text fontWeight="semibold" mb="2">
                      {t('deliveries.supplier.editTitle')}
                    </Text>
                    <SupplierForm
                      initial={supplier}
                      submitLabel={t('deliveries.supplier.save')}
                      onSave={save(supplier._id)}
                      onCancel={() => setEditing(null)}
                    />
                  </Table.Cell>
                </Table.Row>
              ) : (
                <Table.Row key={supplier._id}>
                  <Table.Cell>
                    {supplier.name}
                    {supplier.pendingOutboxId ? (
                      <Badge ml="2" colorPalette="yellow" variant="subtle">
                        {t('deliveries.grn.pending')}
                      </Badge>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{supplier.phone ?? '—'}</Table.Cell>
                  <Table.Cell>{supplier.notes ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <Button
                      variant="outline"
                      size="sm"
                      minH="44px"
                      disabled={editing !== null}
                      onClick={() => setEditing(supplier._id)}
                    >
                      {t('deliveries.supplier.edit', { name: supplier.name })}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ),
            )}
          </DataTable>
        )}
      </Stack>
    </Container>
  );
}
