import { Button, Table } from '@chakra-ui/react';
import { useT } from '../../../i18n/i18n.tsx';

/** A column header that sorts its table; `aria-sort` says how the table is sorted now. */
export function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
}) {
  const t = useT();
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <Table.ColumnHeader aria-sort={ariaSort}>
      <Button
        variant="ghost"
        size="xs"
        px="1"
        fontWeight="semibold"
        title={t('transfers.logs.sortBy', { column: label })}
        onClick={onSort}
      >
        {label}
        <span aria-hidden="true">
          {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
        </span>
      </Button>
    </Table.ColumnHeader>
  );
}
