import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { contactMessages } from '../../../domain/contact-messages.ts';
import {
  contactFieldErrors,
  contactLimits,
  contactSchema,
  type ContactField,
  type ContactInput,
} from '../../../domain/contact.ts';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { sendContactMessage } from './send-contact.ts';
import './contact-form.css';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

const empty: ContactInput = { name: '', contact: '', message: '' };
const fieldOrder: readonly ContactField[] = ['name', 'contact', 'message'];

const errorIdOf = (controlId: string) => `${controlId}-error`;
const hintIdOf = (controlId: string) => `${controlId}-hint`;

/** Screen readers read the error instead of the hint while there is one, as it replaces the hint. */
function describedByOf(controlId: string, error: string | undefined, hasHint: boolean) {
  if (error) return errorIdOf(controlId);
  return hasHint ? hintIdOf(controlId) : undefined;
}

function FieldBlock({
  controlId,
  label,
  error,
  hint,
  children,
}: {
  controlId: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="contact-form__field">
      <label htmlFor={controlId} className="contact-form__label">
        {label}
        {/* Every field is required; the input's `required` tells assistive technology. */}
        <span aria-hidden="true" className="contact-form__required">
          *
        </span>
      </label>
      {children}
      {error ? (
        <div id={errorIdOf(controlId)} className="contact-form__error" aria-live="polite">
          {error}
        </div>
      ) : hint ? (
        <div id={hintIdOf(controlId)} className="contact-form__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

// A check (sent) or an exclamation mark (not sent) in a circle.
const alertIconPaths = {
  success:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  error:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
} as const;

function AlertIcon({ tone }: { tone: keyof typeof alertIconPaths }) {
  return (
    <svg className="contact-form__alert-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d={alertIconPaths[tone]} />
    </svg>
  );
}

function AlertBox({
  tone,
  title,
  description,
}: {
  tone: 'success' | 'error';
  title: string;
  description: string;
}) {
  return (
    <div className={`contact-form__alert contact-form__alert--${tone}`}>
      <AlertIcon tone={tone} />
      <div className="contact-form__alert-content">
        <div className="contact-form__alert-title">{title}</div>
        <div className="contact-form__alert-description">{description}</div>
      </div>
    </div>
  );
}

/**
 * The public contact form (home page and /contact). Validated with the same zod schema as the
 * server. What the visitor typed stays in the fields when sending fails and is cleared only on
 * success; the button is disabled while the message is on its way. Plain elements and static CSS
 * so the home page does not load Chakra UI for it.
 */
export function ContactForm() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const formId = useId();
  const ids: Record<ContactField, string> = {
    name: `${formId}-name`,
    contact: `${formId}-contact`,
    message: `${formId}-message`,
  };
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

  const errorOf = (field: ContactField) => {
    const error = errors[field];
    return error ? translateMessage(error) : undefined;
  };

  const fieldProps = (field: ContactField, hasHint = false) => ({
    id: ids[field],
    name: field,
    value: values[field],
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedByOf(ids[field], errors[field], hasHint),
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <form
      id={formId}
      className="contact-form"
      noValidate
      aria-label={t('contact.form.label')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FieldBlock controlId={ids.name} label={t('contact.name')} error={errorOf('name')}>
        <input
          {...fieldProps('name')}
          className="contact-form__input"
          autoComplete="name"
          maxLength={contactLimits.nameMax + 20}
        />
      </FieldBlock>
      <FieldBlock
        controlId={ids.contact}
        label={t('contact.contact')}
        error={errorOf('contact')}
        hint={t('contact.contactHint')}
      >
        <input
          {...fieldProps('contact', true)}
          className="contact-form__input"
          autoComplete="email"
        />
      </FieldBlock>
      <FieldBlock controlId={ids.message} label={t('contact.message')} error={errorOf('message')}>
        <textarea
          {...fieldProps('message')}
          className="contact-form__input contact-form__textarea"
          rows={5}
          maxLength={contactLimits.messageMax + 200}
        />
      </FieldBlock>

      <div role="status" aria-live="polite">
        {status.kind === 'sent' ? (
          <AlertBox
            tone="success"
            title={t('contact.sent.title')}
            description={translateMessage(contactMessages.sent)}
          />
        ) : null}
      </div>
      <div role="alert">
        {status.kind === 'failed' ? (
          <AlertBox
            tone="error"
            title={t('contact.error.title')}
            description={translateMessage(status.message)}
          />
        ) : null}
      </div>

      <button
        type="submit"
        className="button button--lg button--primary"
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t('contact.sending')}
          </>
        ) : (
          t('contact.send')
        )}
      </button>
    </form>
  );
}
