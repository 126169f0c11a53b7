import { Field, NativeSelect } from '@chakra-ui/react';
import {
  departmentIds,
  isDepartmentId,
  type DepartmentId,
} from '../../../../domain/departments.ts';
import { departmentName } from '../../../i18n/department-name.ts';
import { useT } from '../../../i18n/i18n.tsx';

/**
 * A choice of one of the six departments, plus a first option that stands for none of them
 * ('All departments' on the dashboard, 'Choose a department' on reports).
 */
export function DepartmentSelect<Empty extends string>({
  label,
  value,
  empty,
  emptyLabel,
  onChange,
  required = false,
  maxW,
}: {
  label: string;
  value: DepartmentId | Empty;
  /** The value of the first option. */
  empty: Empty;
  emptyLabel: string;
  onChange: (value: DepartmentId | Empty) => void;
  required?: boolean;
  maxW?: string;
}) {
  const t = useT();
  return (
    <Field.Root required={required} maxW={maxW}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            const chosen = event.target.value;
            onChange(isDepartmentId(chosen) ? chosen : empty);
          }}
        >
          <option value={empty}>{emptyLabel}</option>
          {departmentIds.map((id) => (
            <option key={id} value={id}>
              {departmentName(t, id)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
