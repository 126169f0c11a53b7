import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The striped, horizontally scrollable table of the list pages (products, orders, users): a header
 * row of column titles, then the caller's rows (`Table.Row`).
 */
export function DataTable({
  columns,
  children,
}: {
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" striped>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
