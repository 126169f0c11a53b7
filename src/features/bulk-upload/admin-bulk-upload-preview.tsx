import { Badge, Checkbox, List, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import {
  bulkUploadColumns,
  bulkUploadOptionalColumns,
  type BulkUploadColumn,
  type BulkUploadRow,
} from '../../../domain/bulk-upload.ts';
import { clampPage, pageCount, pageSlice } from '../../../domain/pagination.ts';
import { Pagination } from '../../components/pagination.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import '../../i18n/screen-words-bulk-upload.ts';

const previewPageSize = 50;

/**
 * The preview table (Name, Price, Quantity, Location, Description, Barcode when a row has one, plus
 * the file's row number and the row's problems): a row with errors is tinted red AND says "Error:" with each message, so
 * the colour is never the only sign. 50 rows a page; "only rows with errors" narrows it.
 */
export function PreviewTable({ rows }: { rows: readonly BulkUploadRow[] }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [requestedPage, setRequestedPage] = useState(1);
  const shown = useMemo(
    () => (onlyErrors ? rows.filter((row) => row.errors.length > 0) : rows),
    [rows, onlyErrors],
  );
  const pages = pageCount(shown.length, previewPageSize);
  const page = clampPage(requestedPage, pages);
  const visible = pageSlice(shown, page, previewPageSize);
  const hasErrors = rows.some((row) => row.errors.length > 0);
  const columns: readonly BulkUploadColumn[] = useMemo(
    () => [
      ...bulkUploadColumns,
      ...bulkUploadOptionalColumns.filter((column) => rows.some((row) => row.cells[column])),
    ],
    [rows],
  );

  return (
    <Stack gap="3">
      {hasErrors ? (
        <Checkbox.Root
          checked={onlyErrors}
          onCheckedChange={(details) => {
            setOnlyErrors(details.checked === true);
            setRequestedPage(1);
          }}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('bulkUpload.onlyErrors')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('bulkUpload.previewTitle')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('bulkUpload.col.row')}</Table.ColumnHeader>
              {columns.map((column) => (
                <Table.ColumnHeader key={column}>
                  {t(`bulkUpload.col.${column}`)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>{t('bulkUpload.col.problems')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.map((row) => {
              const bad = row.errors.length > 0;
              return (
                <Table.Row
                  key={row.row}
                  bg={bad ? 'red.50' : undefined}
                  data-invalid={bad ? 'true' : undefined}
                >
                  <Table.Cell>{row.row}</Table.Cell>
                  {columns.map((column) => (
                    <Table.Cell key={column} maxW="xs" whiteSpace="pre-wrap" wordBreak="break-word">
                      {row.cells[column]}
                    </Table.Cell>
                  ))}
                  <Table.Cell minW="3xs">
                    {bad ? (
                      <Stack gap="1">
                        <Text fontWeight="semibold" color="red.700">
                          {t('bulkUpload.rowHasErrors')}
                        </Text>
                        <List.Root ps="4" color="red.700">
                          {row.errors.map((error) => (
                            <List.Item key={error}>{translateMessage(error)}</List.Item>
                          ))}
                        </List.Root>
                      </Stack>
                    ) : (
                      <Badge colorPalette="green" variant="subtle">
                        {t('bulkUpload.rowOk')}
                      </Badge>
                    )}
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
        label={t('bulkUpload.pages')}
      />
    </Stack>
  );
}
