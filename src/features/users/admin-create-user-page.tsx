import { Box, Card, Link as ChakraLink } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createUserSchema } from '../../../domain/users.ts';
import { Page } from '../../components/page.tsx';
import { toaster } from '../../components/ui/toaster.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { useSession } from '../../session/session.ts';
import { createUser } from './admin-users-api.ts';
import { UserFields } from './admin-user-fields.tsx';
import {
  emptyUserForm,
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from './admin-user-form.ts';
import { ErrorBanner, SuccessBanner } from '../../components/admin-connection.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import type { DepartmentId } from '../../../domain/departments.ts';

/** Spec sections 4 and 9: after 'User created successfully!' the list opens 1.5 s later. */
export const redirectAfterCreateMs = 1500;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'created' };

/**
 * /admin/users/create (admins): e-mail, password, role (default employee) and category (default
 * animal-feeding). A failed call keeps every value typed; the form shows why it failed.
 */
export function AdminCreateUserPage({ dept }: { dept?: DepartmentId } = {}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const session = useSession();
  // On a department's Staff screen a new user belongs to that department (decision 0038).
  const [values, setValues] = useState<UserFormValues>(
    dept ? { ...emptyUserForm, category: dept } : emptyUserForm,
  );
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status.kind !== 'created') return;
    const timer = setTimeout(() => {
      void (dept
        ? navigate({ to: '/$dept/admin/users', params: { dept } })
        : navigate({ to: '/admin/users' }));
    }, redirectAfterCreateMs);
    return () => clearTimeout(timer);
  }, [status.kind, navigate, dept]);

  function change<F extends UserFormField>(field: F, value: UserFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears when it changes; the next submit checks again.
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind !== 'idle') return;
    setFormError(undefined);
    const fieldErrors = validateUserForm(createUserSchema, values);
    setErrors(fieldErrors);
    if (fieldErrors.email) return emailRef.current?.focus();
    if (fieldErrors.password) return passwordRef.current?.focus();

    setStatus({ kind: 'sending' });
    const result = await createUser(session?.token ?? '', createUserSchema.parse(values));
    if (result.ok) {
      setStatus({ kind: 'created' });
      toaster.create({ type: 'success', title: t('users.created') });
      return;
    }
    setStatus({ kind: 'idle' });
    if (result.reason === 'network') setFormError(t('users.message.networkError'));
    else if (result.reason === 'http' && result.message !== undefined) {
      setFormError(translateMessage(result.message));
    } else setFormError(t('users.message.createFailed'));
  }

  const busy = status.kind !== 'idle';
  return (
    <Page title={t('users.create.title')}>
      <Box maxW="lg">
        <Card.Root>
          <Card.Header>
            <Card.Description>{t('users.create.intro')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Box display="flex" flexDirection="column" gap="4">
                {formError && <ErrorBanner>{formError}</ErrorBanner>}
                {status.kind === 'created' && <SuccessBanner>{t('users.created')}</SuccessBanner>}
                <UserFields
                  mode="create"
                  values={values}
                  errors={errors}
                  onChange={change}
                  disabled={busy}
                  emailRef={emailRef}
                  passwordRef={passwordRef}
                />
                <FormActions
                  submitLabel={t('users.create.submit')}
                  busyLabel={t('users.create.submitting')}
                  busy={status.kind === 'sending'}
                  disabled={busy}
                >
                  <ChakraLink asChild colorPalette="blue">
                    {dept ? (
                      <Link to="/$dept/admin/users" params={{ dept }}>
                        {t('users.create.back')}
                      </Link>
                    ) : (
                      <Link to="/admin/users">{t('users.create.back')}</Link>
                    )}
                  </ChakraLink>
                </FormActions>
              </Box>
            </form>
          </Card.Body>
        </Card.Root>
      </Box>
    </Page>
  );
}
