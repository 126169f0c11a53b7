import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Below this width (phones) the table turns into stacked cards, one per row, each cell a
 * 'label: value' line, so no column (the actions least of all) hides off-screen (issue 14).
 */
const phoneQuery = '@media screen and (max-width: 35.99em)';

/** Each cell labelled with its column's title, drawn by CSS so callers keep plain `Table.Cell`s. */
function stackedStyles(columns: readonly string[]) {
  const labels = Object.fromEntries(
    columns.map((column, index) => [
      `& tbody td:nth-of-type(${index + 1})::before`,
      { content: JSON.stringify(column) },
    ]),
  );
  return {
    [phoneQuery]: {
      '& thead': { display: 'none' },
      '& tbody tr': {
        display: 'block',
        paddingBlock: '2',
        borderBottomWidth: '1px',
      },
      '& tbody td': {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: '3',
        borderBottomWidth: '0',
        textAlign: 'end',
      },
      '& tbody td::before': {
        fontWeight: 'semibold',
        color: 'fg.muted',
        textAlign: 'start',
      },
      ...labels,
    },
  };
}

/**
 * The striped table of the list pages (products, orders, users): a header row of column titles,
 * then the caller's rows (`Table.Row`, one `Table.Cell` per column, in order). Scrolls sideways on
 * a tablet when it must; on a phone each row is a card (see `phoneQuery`).
 */
export function DataTable({
  columns,
  children,
  label,
}: {
  columns: readonly string[];
  children: ReactNode;
  /** What the table lists, e.g. 'Recent orders': names the scroll area for screen readers. */
  label?: string;
}) {
  return (
    // Focusable, so a keyboard user can scroll a table wider than the screen (axe:
    // scrollable-region-focusable); a named region when the caller says what it lists.
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role={label ? 'region' : undefined}
      aria-label={label}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
    >
      <Table.Root size="sm" striped css={stackedStyles(columns)}>
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
