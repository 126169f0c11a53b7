import { Box, Card, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  supportInputSchema,
  supportLimits,
  type SupportInput,
} from '../../../../domain/support.ts';
import {
  ErrorBanner,
  NeedsConnection,
  SuccessBanner,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { sendSupportMessage } from '../data/admin-support-api.ts';
import { refreshUnreadCount } from '../data/admin-unread.ts';
import { FormActions } from '../../../components/form-actions.tsx';

type Field = keyof SupportInput;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed' };

const empty: SupportInput = { name: '', email: '', subject: '', message: '' };

/**
 * /admin/support 'Help & Support' (spec sections 2 and 5; docs/architecture.md section 3: the message is
 * stored, not only thanked for): name, email, subject and message, all required. The e-mail starts
 * as the signed-in admin's. A failed send keeps what was typed.
 */
export function AdminSupportPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const online = useOnline();
  const [values, setValues] = useState<SupportInput>(() => ({
    ...empty,
    email: session?.user.email ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (status.kind !== 'sending') setStatus({ kind: 'idle' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const parsed = supportInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in empty && !found[field as Field]) {
          found[field as Field] = translateMessage(issue.message);
        }
      }
      setErrors(found);
      return;
    }
    setStatus({ kind: 'sending' });
    const result = await sendSupportMessage(session?.token ?? '', parsed.data);
    if (!result.ok) return setStatus({ kind: 'failed' });
    setStatus({ kind: 'sent' });
    setValues({ ...empty, email: values.email });
    // The message is in the admins' inbox now: the sidebar's count follows.
    void refreshUnreadCount(session?.token ?? '');
  }

  const sending = status.kind === 'sending';
  const field = (name: Field, label: string, maxLength: number, multiline = false) => (
    <Field.Root required invalid={errors[name] !== undefined}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea
          rows={6}
          value={values[name]}
          maxLength={maxLength}
          disabled={sending}
          onChange={(event) => change(name, event.target.value)}
        />
      ) : (
        <Input
          type={name === 'email' ? 'email' : 'text'}
          inputMode={name === 'email' ? 'email' : undefined}
          autoComplete={name === 'email' ? 'email' : undefined}
          value={values[name]}
          maxLength={maxLength}
          disabled={sending}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
      {errors[name] ? <Field.ErrorText>{errors[name]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <Page title={t('admin.support.title')}>
      {!online ? <NeedsConnection /> : null}
      <Box maxW="2xl">
        <Card.Root>
          <Card.Header>
            <Card.Description>{t('admin.support.intro')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                {status.kind === 'sent' ? (
                  <SuccessBanner>{t('admin.message.sent')}</SuccessBanner>
                ) : null}
                {status.kind === 'failed' ? (
                  <ErrorBanner>{t('admin.message.sendFailed')}</ErrorBanner>
                ) : null}
                {field('name', t('admin.support.name'), supportLimits.nameMax)}
                {field('email', t('admin.support.email'), supportLimits.emailMax)}
                {field('subject', t('admin.support.subject'), supportLimits.subjectMax)}
                {field('message', t('admin.support.message'), supportLimits.messageMax, true)}
                <FormActions
                  submitLabel={t('admin.support.submit')}
                  busyLabel={t('admin.support.sending')}
                  busy={sending}
                />
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Box>
    </Page>
  );
}
