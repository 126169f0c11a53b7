import { Alert, Box, Button, Card, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { postLoginPath } from '../../../domain/access.ts';
import { loginMessages } from '../../../domain/user-messages.ts';
import { loginSchema } from '../../../domain/users.ts';
import { UserHomeLink } from '../../components/nav-link.tsx';
import { toaster } from '../../components/ui/toaster.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { requestLogin } from './login-request.ts';
import { LogoutDialog } from './logout-dialog.tsx';
import { useLogoutWarning } from './logout-warning.ts';
import { signIn, useSession } from '../../session/session.ts';

type FieldName = 'email' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

/** The first message per field, in the schema's order (spec section 5, 'Login'). */
function validate(values: Record<FieldName, string>): FieldErrors {
  const result = loginSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * /login. Signs in without reloading the page, then goes to the `redirect` target when this user
 * may open it, else to their category's home. Signed in already: the e-mail and Log out.
 */
export function LoginPage({ redirect }: { redirect?: string }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const session = useSession();
  const logoutWarning = useLogoutWarning();
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // While a sign-in is finishing, keep the form (busy) rather than flash the signed-in view.
  const showSignedIn = session !== null && !sending;

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears when it changes; the next submit checks again.
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFormError(undefined);
    const fieldErrors = validate(values);
    setErrors(fieldErrors);
    if (fieldErrors.email) return emailRef.current?.focus();
    if (fieldErrors.password) return passwordRef.current?.focus();

    setSending(true);
    try {
      const result = await requestLogin(loginSchema.parse(values));
      if (!result.ok) {
        setFormError(result.message);
        return;
      }
      const signedIn = await signIn(result.response);
      toaster.create({
        type: 'success',
        title: translateMessage(result.response.message ?? loginMessages.loginSuccess),
      });
      await navigate({ href: postLoginPath(signedIn, redirect), replace: true });
    } catch {
      // The token had no expiry, or IndexedDB refused the write.
      setFormError(loginMessages.loginFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <title>{`${t('auth.login.title')} · ${t('app.name')}`}</title>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h1" fontSize="2xl">
            {t('auth.login.title')}
          </Card.Title>
          {!showSignedIn && <Card.Description>{t('auth.login.intro')}</Card.Description>}
        </Card.Header>
        <Card.Body>
          {showSignedIn && session ? (
            <Stack gap="4">
              <Text>{t('auth.login.signedInAs', { email: session.user.email })}</Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button asChild colorPalette="blue">
                  <UserHomeLink category={session.user.category}>
                    {t('auth.login.openMyPage')}
                  </UserHomeLink>
                </Button>
                <Button variant="outline" onClick={() => setLogoutOpen(true)}>
                  {t('auth.login.logOut')}
                </Button>
              </Stack>
              <LogoutDialog
                open={logoutOpen}
                onOpenChange={setLogoutOpen}
                warning={logoutWarning}
              />
            </Stack>
          ) : (
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                {formError && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{translateMessage(formError)}</Alert.Title>
                  </Alert.Root>
                )}
                <Field.Root invalid={Boolean(errors.email)} required>
                  <Field.Label>
                    {t('auth.login.email')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    ref={emailRef}
                    type="email"
                    name="email"
                    autoComplete="username"
                    inputMode="email"
                    value={values.email}
                    onChange={(event) => change('email', event.target.value)}
                  />
                  <Field.ErrorText>
                    {errors.email && translateMessage(errors.email)}
                  </Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(errors.password)} required>
                  <Field.Label>
                    {t('auth.login.password')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    ref={passwordRef}
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    value={values.password}
                    onChange={(event) => change('password', event.target.value)}
                  />
                  <Field.ErrorText>
                    {errors.password && translateMessage(errors.password)}
                  </Field.ErrorText>
                </Field.Root>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={sending}
                  loadingText={t('auth.login.submitting')}
                  disabled={sending}
                >
                  {t('auth.login.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
