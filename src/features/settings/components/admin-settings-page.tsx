import { Card, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  companySettingsInputSchema,
  defaultCompanySettings,
  settingsLimits,
  type CompanySettingsInput,
} from '../../../../domain/settings.ts';
import type { OnlineFailure } from '../../../api/admin-online-api.ts';
import {
  ErrorBanner,
  NeedsConnection,
  SuccessBanner,
  describeFailure,
  useOnline,
} from '../../../components/admin-connection.tsx';
import { Page } from '../../../components/page.tsx';
import { LoadingState } from '../../../components/page-states.tsx';
import { useT, useTranslateMessage } from '../../../i18n/i18n.tsx';
import { useSession } from '../../../session/session.ts';
import { storeCompanySettings } from '../company-settings.ts';
import { fetchSettings, saveSettings } from '../data/admin-settings-api.ts';
import { AdminPasswordForm } from './admin-password-form.tsx';
import { AdminServerStatus } from './admin-server-status.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

type Field = keyof CompanySettingsInput;
type LoadState =
  { kind: 'loading' } | { kind: 'failed'; failure: OnlineFailure } | { kind: 'ready' };
type Outcome = { kind: 'none' } | { kind: 'saved' } | { kind: 'error'; text: string };

const fieldKeys = {
  name: 'settings.field.name',
  address: 'settings.field.address',
  phone: 'settings.field.phone',
  tin: 'settings.field.tin',
  receiptFooter: 'settings.field.receiptFooter',
} as const;

/**
 * /admin/settings 'System Settings' (docs/architecture.md section 3, "settings save company details"): the
 * company name, address, phone, TIN and receipt footer printed on receipts and reports (PUT
 * /settings; every tablet mirrors them for offline receipts), and the change of one's own password.
 */
export function AdminSettingsPage() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const session = useSession();
  const online = useOnline();
  const token = session?.token ?? '';
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<CompanySettingsInput>(defaultCompanySettings);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    setLoad({ kind: 'loading' });
    void fetchSettings(token).then((result) => {
      if (!current) return;
      if (!result.ok) return setLoad({ kind: 'failed', failure: result });
      if (result.value) {
        const { _id: _ignored, updatedAt: _updated, ...input } = result.value;
        setValues(input);
      }
      setLoad({ kind: 'ready' });
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome({ kind: 'none' });
    const parsed = companySettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in fieldKeys && !found[field as Field])
          found[field as Field] = translateMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    const result = await saveSettings(token, parsed.data);
    if (!result.ok) {
      setSaving(false);
      setOutcome({
        kind: 'error',
        text:
          result.reason === 'http' && result.message !== undefined
            ? translateMessage(result.message)
            : `${t('settings.message.saveFailed')} ${describeFailure(t, translateMessage, result)}`,
      });
      return;
    }
    // This device's receipts use the new details at once, before the next pull.
    await storeCompanySettings(result.value).catch(() => undefined);
    setSaving(false);
    setOutcome({ kind: 'saved' });
  }

  const retry = () => setAttempt((value) => value + 1);
  const unreachable = !online || (load.kind === 'failed' && load.failure.reason === 'network');

  return (
    <Page title={t('settings.title')}>
      {unreachable ? <NeedsConnection onRetry={retry} /> : null}
      <Stack gap="6" maxW="2xl">
        {load.kind === 'loading' ? (
          <LoadingState label={t('settings.loading')} />
        ) : load.kind === 'failed' ? (
          load.failure.reason === 'network' ? null : (
            <ErrorBanner>
              {t('settings.fetchFailed', {
                message: describeFailure(t, translateMessage, load.failure),
              })}
            </ErrorBanner>
          )
        ) : (
          <Card.Root as="section">
            <Card.Header>
              <Card.Title as="h2">{t('settings.company.title')}</Card.Title>
              <Card.Description>{t('settings.company.text')}</Card.Description>
            </Card.Header>
            <Card.Body>
              <form noValidate onSubmit={(event) => void submit(event)}>
                <Stack gap="4">
                  {outcome.kind === 'saved' ? (
                    <SuccessBanner>{t('settings.message.saved')}</SuccessBanner>
                  ) : outcome.kind === 'error' ? (
                    <ErrorBanner>{outcome.text}</ErrorBanner>
                  ) : null}
                  {(Object.keys(fieldKeys) as Field[]).map((field) => (
                    <Field.Root
                      key={field}
                      required={field === 'name'}
                      invalid={errors[field] !== undefined}
                    >
                      <Field.Label>{t(fieldKeys[field])}</Field.Label>
                      {field === 'receiptFooter' ? (
                        <Textarea
                          rows={3}
                          value={values[field]}
                          maxLength={settingsLimits.footerMax}
                          disabled={saving}
                          onChange={(event) => change(field, event.target.value)}
                        />
                      ) : (
                        <Input
                          // The phone gets the dial pad on a tablet; the TIN has dashes.
                          type={field === 'phone' ? 'tel' : 'text'}
                          inputMode={field === 'phone' ? 'tel' : undefined}
                          autoComplete={field === 'phone' ? 'tel' : undefined}
                          value={values[field]}
                          maxLength={settingsLimits.textMax}
                          disabled={saving}
                          onChange={(event) => change(field, event.target.value)}
                        />
                      )}
                      {errors[field] ? <Field.ErrorText>{errors[field]}</Field.ErrorText> : null}
                    </Field.Root>
                  ))}
                  <FormActions
                    submitLabel={t('settings.save')}
                    busyLabel={t('settings.saving')}
                    busy={saving}
                  />
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>
        )}
        <AdminServerStatus token={token} attempt={attempt} />
        <AdminPasswordForm />
      </Stack>
    </Page>
  );
}
