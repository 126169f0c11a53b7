import { Card, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { passwordChangeSchema } from '../../../../domain/settings.ts';
import {
  ErrorBanner,
  SuccessBanner,
  describeFailure,
} from '../../../components/admin-connection.tsx';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { loginResponseSchema } from '../../../session/login-response.ts';
import { signIn, useSession } from '../../../session/session.ts';
import { changeOwnPassword } from '../data/admin-settings-api.ts';
import { FormActions } from '../../../components/form-actions.tsx';

type Fields = { currentPassword: string; newPassword: string; confirm: string };
type Outcome = { kind: 'none' } | { kind: 'changed' } | { kind: 'error'; text: string };

const empty: Fields = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * Change own password (docs/architecture.md section 3): the current one, the new one twice. The server revokes
 * every other session and answers a fresh token for this one, which is stored as the session's,
 * so this device stays signed in (and the service worker replays with the new token).
 */
export function AdminPasswordForm() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const [values, setValues] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [sending, setSending] = useState(false);

  function change(field: keyof Fields, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !session) return;
    setOutcome({ kind: 'none' });
    const parsed = passwordChangeSchema.safeParse(values);
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'currentPassword' || field === 'newPassword') && !found[field])
          found[field] = translateMessage(issue.message);
      }
    }
    if (values.newPassword !== values.confirm) found.confirm = t('settings.message.mismatch');
    setErrors(found);
    if (!parsed.success || found.confirm) return;

    setSending(true);
    const result = await changeOwnPassword(session.token, parsed.data);
    if (!result.ok) {
      setSending(false);
      setOutcome({
        kind: 'error',
        text: t('settings.password.failed', {
          message: describeFailure(t, translateMessage, result),
        }),
      });
      return;
    }
    // The old token no longer works: keep the new one as this session's.
    const fresh = loginResponseSchema.safeParse({ ...session.user, token: result.value.token });
    if (fresh.success) {
      try {
        await signIn(fresh.data);
      } catch {
        // IndexedDB refused the write: the next call asks for a new sign-in; the change is saved.
      }
    }
    setSending(false);
    setValues(empty);
    setOutcome({ kind: 'changed' });
  }

  const input = (field: keyof Fields, label: string, autoComplete: string) => (
    <Field.Root required invalid={errors[field] !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        disabled={sending}
        onChange={(event) => change(field, event.target.value)}
      />
      {errors[field] ? <Field.ErrorText>{errors[field]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <Card.Root as="section">
      <Card.Header>
        <Card.Title as="h2">{t('settings.password.title')}</Card.Title>
        <Card.Description>{t('settings.password.text')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="4">
            {outcome.kind === 'changed' ? (
              <SuccessBanner>{t('settings.password.kept')}</SuccessBanner>
            ) : outcome.kind === 'error' ? (
              <ErrorBanner>{outcome.text}</ErrorBanner>
            ) : null}
            {input('currentPassword', t('settings.password.current'), 'current-password')}
            {input('newPassword', t('settings.password.new'), 'new-password')}
            {input('confirm', t('settings.password.confirm'), 'new-password')}
            <FormActions
              submitLabel={t('settings.password.submit')}
              busyLabel={t('settings.password.submitting')}
              busy={sending}
            />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
