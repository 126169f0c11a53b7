import { Button, Dialog, Text } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { newUserCategory } from '../../../domain/departments.ts';
import { updateUserSchema } from '../../../domain/users.ts';
import { toaster } from '../../components/ui/toaster.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { loginResponseSchema } from '../../session/login-response.ts';
import { signIn, useSession } from '../../session/session.ts';
import { deleteUser, updateUser, type ListedUser } from './admin-users-api.ts';
import { UserFields } from './admin-user-fields.tsx';
import {
  failureDetail,
  isCategory,
  isRole,
  validateUserForm,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from './admin-user-form.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { FormActions } from '../../components/form-actions.tsx';

function valuesOf(user: ListedUser): UserFormValues {
  // A stored value the form cannot offer (an old role, say) starts as the closest choice.
  return {
    email: user.email,
    password: '',
    role: isRole(user.role) ? user.role : 'other',
    category: isCategory(user.category) ? user.category : newUserCategory,
  };
}

/** 'Edit User' (spec section 2): e-mail, password (blank keeps it), role and category. */
export function EditUserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: ListedUser | null;
  onClose: () => void;
  onSaved: (user: ListedUser) => void;
}) {
  const t = useT();
  return (
    <ModalDialog open={user !== null} onClose={onClose} title={t('users.editTitle')} scrollInside>
      {user ? (
        <EditUserForm key={user._id} user={user} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </ModalDialog>
  );
}

function EditUserForm({
  user,
  onClose,
  onSaved,
}: {
  user: ListedUser;
  onClose: () => void;
  onSaved: (user: ListedUser) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const router = useRouter();
  const session = useSession();
  const [values, setValues] = useState(() => valuesOf(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [saving, setSaving] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function change<F extends UserFormField>(field: F, value: UserFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const fieldErrors = validateUserForm(updateUserSchema, values);
    setErrors(fieldErrors);
    if (fieldErrors.email) return emailRef.current?.focus();
    if (fieldErrors.password) return passwordRef.current?.focus();

    setSaving(true);
    const result = await updateUser(session?.token ?? '', user._id, updateUserSchema.parse(values));
    if (!result.ok) {
      setSaving(false);
      toaster.create({
        type: 'error',
        title: t('users.updateFailed', { message: failureDetail(t, translateMessage, result) }),
      });
      return;
    }
    const { token, ...saved } = result.value;
    // Every edit signs the edited user out everywhere; an admin who edited themselves gets a
    // fresh token in the answer, kept here so they stay signed in.
    if (token !== undefined) {
      const fresh = loginResponseSchema.safeParse({ ...saved, token });
      if (fresh.success) {
        try {
          await signIn(fresh.data);
        } catch {
          // IndexedDB refused the write: the old token no longer works, so the next call asks
          // for a new sign-in. The edit itself is saved.
        }
        // A changed role or department may close this page to them: the guard decides.
        if (fresh.data.role !== session?.user.role) void router.invalidate();
      }
    }
    setSaving(false);
    toaster.create({ type: 'success', title: t('users.updated') });
    onSaved(saved);
    onClose();
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Dialog.Body>
        <UserFields
          mode="edit"
          values={values}
          errors={errors}
          onChange={change}
          disabled={saving}
          emailRef={emailRef}
          passwordRef={passwordRef}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <FormActions
          submitLabel={t('users.save')}
          busyLabel={t('users.saving')}
          busy={saving}
          onCancel={onClose}
        />
      </Dialog.Footer>
    </form>
  );
}

/** 'Delete User' (spec section 2): asks first; the server refuses yourself and the last admin. */
export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: ListedUser | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!user || deleting) return;
    setDeleting(true);
    const result = await deleteUser(session?.token ?? '', user._id);
    setDeleting(false);
    if (result.ok) {
      toaster.create({ type: 'success', title: t('users.deleted') });
      onDeleted(user._id);
      onClose();
    } else {
      toaster.create({
        type: 'error',
        title: t('users.deleteFailed', { message: failureDetail(t, translateMessage, result) }),
      });
    }
  }

  return (
    <ModalDialog
      open={user !== null}
      // The request is already on its way while deleting: the dialog stays until it answers.
      onClose={() => {
        if (!deleting) onClose();
      }}
      title={t('users.deleteTitle')}
      alert
    >
      <Dialog.Body>
        <Dialog.Description asChild>
          <Text>{t('users.deleteText', { email: user?.email ?? '' })}</Text>
        </Dialog.Description>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={deleting}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette="red"
          loading={deleting}
          loadingText={t('users.deleting')}
          onClick={() => void confirm()}
        >
          {t('users.delete')}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
