import { Badge, Card, DataList, HStack, Table, Text } from '@chakra-ui/react';
import type { AuditEntity, AuditEntryJson } from '../../../../domain/audit.ts';
import { businessTimeZone } from '../../../../domain/company.ts';
import { useAuditT } from '../../../i18n/admin-section-t.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLanguage, useT } from '../../../i18n/i18n.tsx';
import { auditChangeRows, auditDisplayValue } from '../data/admin-audit-values.ts';

const actionPalette = { create: 'green', update: 'blue', delete: 'red' } as const;

function ValueCell({
  entity,
  field,
  value,
}: {
  entity: AuditEntity;
  field: string;
  value: unknown;
}) {
  const t = useAuditT();
  const appT = useT();
  const text = auditDisplayValue(entity, field, value, t, appT);
  return (
    <Table.Cell whiteSpace="pre-wrap" wordBreak="break-word">
      {text === null ? (
        <Text as="span" color="fg.muted" fontStyle="italic">
          {t('audit.value.empty')}
        </Text>
      ) : (
        text
      )}
    </Table.Cell>
  );
}

/** The changed fields of one entry, before → after; text only, never HTML. */
export function AuditChangesTable({ entry }: { entry: AuditEntryJson }) {
  const t = useAuditT();
  const rows = auditChangeRows(entry, t);
  if (rows.length === 0) return <Text color="fg.muted">{t('audit.noChanges')}</Text>;
  const entity = t(`audit.entity.${entry.entity}`);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t('audit.changesLabel', { entity, id: entry.entityId })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('audit.field')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('audit.before')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('audit.after')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.field}>
              <Table.Cell as="th" scope="row" fontWeight="medium">
                {row.label}
              </Table.Cell>
              <ValueCell entity={entry.entity} field={row.field} value={row.before} />
              <ValueCell entity={entry.entity} field={row.field} value={row.after} />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * One audit entry: what happened to which record, who did it, when the server recorded it and,
 * for a write made on a tablet (queued offline, sent later), when it was made there.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntryJson }) {
  const t = useAuditT();
  const appT = useT();
  const { language } = useLanguage();
  const time = (iso: string) => formatDateTime(iso, language, { timeZone: businessTimeZone });
  const action = t(`audit.action.${entry.action}`);
  const entity = t(`audit.entity.${entry.entity}`);
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={actionPalette[entry.action]} variant="subtle">
            {action}
          </Badge>
          <Text fontWeight="semibold">{entity}</Text>
          <Text fontFamily="mono" textStyle="sm" wordBreak="break-all">
            {entry.entityId}
          </Text>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>{t('audit.serverTime')}</DataList.ItemLabel>
            <DataList.ItemValue>{time(entry.at)}</DataList.ItemValue>
          </DataList.Item>
          {entry.madeAt ? (
            <DataList.Item>
              <DataList.ItemLabel>{t('audit.tabletTime')}</DataList.ItemLabel>
              <DataList.ItemValue>{time(entry.madeAt)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.ItemLabel>{t('audit.who')}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{entry.userEmail}</DataList.ItemValue>
          </DataList.Item>
          {entry.department ? (
            <DataList.Item>
              <DataList.ItemLabel>{t('audit.department')}</DataList.ItemLabel>
              <DataList.ItemValue>{departmentName(appT, entry.department)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <AuditChangesTable entry={entry} />
      </Card.Body>
    </Card.Root>
  );
}
