import { Alert, Box, Button, Field, Input, Textarea } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  contactFieldErrors,
  contactLimits,
  contactMessages,
  contactSchema,
  type ContactField,
  type ContactInput,
} from '../../../domain/contact.ts';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { sendContactMessage } from './send-contact.ts';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

const empty: ContactInput = { name: '', contact: '', message: '' };
const fieldOrder: readonly ContactField[] = ['name', 'contact', 'message'];

/**
 * The public contact form (home page and /contact). Validated with the same zod schema as the
 * server. What the visitor typed stays in the fields when sending fails and is cleared only on
 * success; the button is disabled while the message is on its way.
 */
export function ContactForm() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const formId = useId();
  const [values, setValues] = useState<ContactInput>(empty);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputs = useRef<
    Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>
  >({});
  const sending = status.kind === 'sending';

  const focusFirstError = (fieldErrors: Partial<Record<ContactField, string>>) => {
    const first = fieldOrder.find((field) => fieldErrors[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onChange = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Re-check a field that shows an error as soon as it is edited, so the error goes away.
    if (errors[field]) {
      const result = contactSchema.shape[field].safeParse(value);
      setErrors((current) => ({
        ...current,
        [field]: result.success ? undefined : result.error.issues[0]?.message,
      }));
    }
    if (status.kind === 'sent') setStatus({ kind: 'idle' });
  };

  const onSubmit = async (event: FormEvent<HTMLElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = contactFieldErrors(parsed.error);
      setErrors(fieldErrors);
      setStatus({ kind: 'idle' });
      focusFirstError(fieldErrors);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await sendContactMessage(parsed.data);
    if (result.ok) {
      setValues(empty);
      setStatus({ kind: 'sent' });
    } else {
      setErrors(result.fieldErrors);
      setStatus({ kind: 'failed', message: result.message });
      focusFirstError(result.fieldErrors);
    }
  };

  const fieldProps = (field: ContactField) => ({
    name: field,
    value: values[field],
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <Box asChild>
      <form
        id={formId}
        noValidate
        aria-label={t('contact.form.label')}
        onSubmit={(event) => void onSubmit(event)}
      >
        <Field.Root invalid={Boolean(errors.name)} required mb="5">
          <Field.Label>{t('contact.name')}</Field.Label>
          <Input
            {...fieldProps('name')}
            autoComplete="name"
            maxLength={contactLimits.nameMax + 20}
          />
          <Field.ErrorText>{errors.name ? translateMessage(errors.name) : null}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.contact)} required mb="5">
          <Field.Label>{t('contact.contact')}</Field.Label>
          <Input {...fieldProps('contact')} autoComplete="email" />
          {errors.contact ? (
            <Field.ErrorText>{translateMessage(errors.contact)}</Field.ErrorText>
          ) : (
            <Field.HelperText color="fg.muted">{t('contact.contactHint')}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.message)} required mb="5">
          <Field.Label>{t('contact.message')}</Field.Label>
          <Textarea
            {...fieldProps('message')}
            rows={5}
            maxLength={contactLimits.messageMax + 200}
          />
          <Field.ErrorText>
            {errors.message ? translateMessage(errors.message) : null}
          </Field.ErrorText>
        </Field.Root>

        <div role="status" aria-live="polite">
          {status.kind === 'sent' ? (
            <Alert.Root status="success" mb="5">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('contact.sent.title')}</Alert.Title>
                <Alert.Description>{translateMessage(contactMessages.sent)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </div>
        <div role="alert">
          {status.kind === 'failed' ? (
            <Alert.Root status="error" mb="5">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('contact.error.title')}</Alert.Title>
                <Alert.Description>{translateMessage(status.message)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </div>

        <Button
          type="submit"
          alignSelf="flex-start"
          size="lg"
          bg="blue.700"
          color="white"
          _hover={{ bg: 'blue.800' }}
          loading={sending}
          loadingText={t('contact.sending')}
          disabled={sending}
        >
          {t('contact.send')}
        </Button>
      </form>
    </Box>
  );
}
