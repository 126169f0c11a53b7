import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { Ref } from 'react';
import { canAssign } from '../../../domain/permissions.ts';
import { categories, roles } from '../../../domain/users.ts';
import { departmentName } from '../../i18n/department-name.ts';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { useSession } from '../../session/session.ts';
import {
  isCategory,
  isRole,
  roleLabel,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from './admin-user-form.ts';

export interface UserFieldsProps {
  values: UserFormValues;
  errors: UserFormErrors;
  onChange: <F extends UserFormField>(field: F, value: UserFormValues[F]) => void;
  /** 'create': the password is required; 'edit': a blank password keeps the current one. */
  mode: 'create' | 'edit';
  disabled?: boolean;
  emailRef?: Ref<HTMLInputElement>;
  passwordRef?: Ref<HTMLInputElement>;
}

/** E-mail, password, role (admin/employee/other) and category (the six departments). */
export function UserFields({
  values,
  errors,
  onChange,
  mode,
  disabled,
  emailRef,
  passwordRef,
}: UserFieldsProps) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const actor = useSession()?.user;
  // Only what the signed-in user may give (domain/permissions.ts): everything for an admin; a
  // department's manager: role employee, their own department.
  const roleOptions = roles.filter(
    (role) => !actor || canAssign(actor, { role, category: values.category }),
  );
  const categoryOptions = categories.filter(
    (category) => !actor || canAssign(actor, { role: values.role, category }),
  );
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(errors.email)} required disabled={disabled}>
        <Field.Label>
          {t('users.field.email')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={emailRef}
          type="email"
          name="email"
          autoComplete="off"
          inputMode="email"
          value={values.email}
          onChange={(event) => onChange('email', event.target.value)}
        />
        <Field.ErrorText>{errors.email && translateMessage(errors.email)}</Field.ErrorText>
      </Field.Root>
      <Field.Root
        invalid={Boolean(errors.password)}
        required={mode === 'create'}
        disabled={disabled}
      >
        <Field.Label>
          {mode === 'create' ? t('users.field.password') : t('users.field.newPassword')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={passwordRef}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => onChange('password', event.target.value)}
        />
        {mode === 'edit' && <Field.HelperText>{t('users.field.passwordKeep')}</Field.HelperText>}
        <Field.ErrorText>{errors.password && translateMessage(errors.password)}</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('users.field.role')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role"
            value={values.role}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isRole(value)) onChange('role', value);
            }}
          >
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {roleLabel(t, role)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('users.field.category')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="category"
            value={values.category}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isCategory(value)) onChange('category', value);
            }}
          >
            {categoryOptions.map((category) => (
              <option key={category} value={category}>
                {departmentName(t, category)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
  );
}
