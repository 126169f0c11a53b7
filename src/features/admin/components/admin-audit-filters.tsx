import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { auditEntities } from '../../../../domain/audit.ts';
import { ErrorBanner } from '../../../components/admin-connection.tsx';
import { useAuditT } from '../../../i18n/admin-section-t.ts';
import {
  auditQueryOf,
  emptyAuditFilters,
  isAuditEntity,
  type AuditFilters,
} from '../data/admin-audit-query.ts';
import { DepartmentSelect } from './admin-department-select.tsx';

export interface AuditUserOption {
  id: string;
  email: string;
}

/**
 * Who, what, department and days. The form keeps its own draft and hands it over on Apply, so a
 * half-typed record id does not fetch on every key. Only the server filters (GET /audit).
 */
export function AuditFiltersForm({
  applied,
  users,
  usersProblem,
  onApply,
}: {
  applied: AuditFilters;
  users: readonly AuditUserOption[];
  /** Why the "Who" list is empty, when it could not be loaded. */
  usersProblem?: string | undefined;
  onApply: (filters: AuditFilters) => void;
}) {
  const t = useAuditT();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [rangeError, setRangeError] = useState(false);
  const set = (change: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...change }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = auditQueryOf(draft, { limit: 1 });
    setRangeError(!checked.ok);
    if (checked.ok) onApply(draft);
  }

  function clear() {
    setDraft(emptyAuditFilters);
    setRangeError(false);
    onApply(emptyAuditFilters);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('audit.filters')}>
      <Stack gap="4">
        {rangeError ? <ErrorBanner>{t('audit.filter.badRange')}</ErrorBanner> : null}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          <Field.Root invalid={usersProblem !== undefined}>
            <Field.Label>{t('audit.filter.user')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.userId}
                onChange={(event) => set({ userId: event.target.value })}
              >
                <option value="">{t('audit.filter.anyUser')}</option>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.email}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {usersProblem ? <Field.ErrorText>{usersProblem}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('audit.filter.entity')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.entity}
                onChange={(event) => {
                  const value = event.target.value;
                  set({ entity: isAuditEntity(value) ? value : '' });
                }}
              >
                <option value="">{t('audit.filter.anyEntity')}</option>
                {auditEntities.map((entity) => (
                  <option key={entity} value={entity}>
                    {t(`audit.entity.${entity}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('audit.filter.entityId')}</Field.Label>
            <Input
              value={draft.entityId}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => set({ entityId: event.target.value })}
            />
          </Field.Root>
          <DepartmentSelect
            label={t('audit.filter.department')}
            value={draft.department}
            empty=""
            emptyLabel={t('audit.filter.anyDepartment')}
            onChange={(department) => set({ department })}
          />
          <Field.Root invalid={rangeError}>
            <Field.Label>{t('audit.filter.from')}</Field.Label>
            <Input
              type="date"
              value={draft.fromDay}
              onChange={(event) => set({ fromDay: event.target.value })}
            />
          </Field.Root>
          <Field.Root invalid={rangeError}>
            <Field.Label>{t('audit.filter.to')}</Field.Label>
            <Input
              type="date"
              value={draft.toDay}
              onChange={(event) => set({ toDay: event.target.value })}
            />
          </Field.Root>
        </SimpleGrid>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue">
            {t('audit.filter.apply')}
          </Button>
          <Button variant="outline" onClick={clear}>
            {t('audit.filter.clear')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
