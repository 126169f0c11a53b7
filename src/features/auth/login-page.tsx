import { useNavigate, useRouterState } from '@tanstack/react-router';
import {
  useId,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { postLoginPath } from '../../../domain/access.ts';
import { loginMessages } from '../../../domain/user-messages.ts';
import { loginSchema } from '../../../domain/users.ts';
import { UserLandingLink } from '../../components/nav-link.tsx';
import { useT, useTranslateMessage } from '../../i18n/i18n.tsx';
import { signIn, useSession } from '../../session/session.ts';
import { requestLogin } from './login-request.ts';
import './login-page.css';

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

/** What the signed-in view needs to confirm a logout (app/ supplies it: it needs Chakra). */
export interface LogoutDialogSlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The toast after a sign-in. The toast region is part of Chakra, which the page signed in to
 * loads (the login page itself renders without it), so the toaster is imported only now.
 */
function announceSignIn(title: string): void {
  void import('../../components/ui/toaster.tsx')
    .then(({ toaster }) => toaster.create({ type: 'success', title }))
    .catch(() => undefined);
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="login-form__field">
      <label htmlFor={id} className="login-form__label">
        {label}
        {/* The input's `required` tells assistive technology; the star is for the eye. */}
        <span aria-hidden="true" className="login-form__required">
          *
        </span>
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="login-form__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function ErrorIcon() {
  return (
    <svg className="login-form__alert-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z"
      />
    </svg>
  );
}

function inputProps(
  id: string,
  field: FieldName,
  error: string | undefined,
  ref: RefObject<HTMLInputElement | null>,
) {
  return {
    id,
    ref,
    name: field,
    required: true,
    className: 'login-form__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

/**
 * /login. Signs in without reloading the page, then goes to the `redirect` target when this user
 * may open it, else to their category's home. Signed in already: the e-mail and Log out.
 *
 * Plain elements and static CSS (login-page.css), like the home page: a first visit on a slow
 * tablet loads neither Chakra nor Dexie for it (docs/decisions/0015-login-without-chakra.md).
 * Dexie is fetched while the login request is on its way, to store the session.
 */
export function LoginPage({
  redirect,
  LogoutDialog,
}: {
  redirect?: string;
  LogoutDialog: ComponentType<LogoutDialogSlotProps>;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const session = useSession();
  const formId = useId();
  const emailId = `${formId}-email`;
  const passwordId = `${formId}-password`;
  const titleId = `${formId}-title`;
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Leaving /login: the next page's chunk may still load. The page can be mounted afresh meanwhile
  // (Chakra's provider arrives with the session), losing `sending`; without this the signed-in
  // card showed beside the department's navigation bar (CI caught both on screen).
  const leaving = useRouterState({
    select: (state) => state.location.pathname !== state.resolvedLocation?.pathname,
  });
  // While a sign-in is finishing, keep the form (busy) rather than flash the signed-in view.
  const showSignedIn = session !== null && !sending && !leaving;
  const opening = session !== null && !sending && leaving;

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
    // The session store loads Dexie to write the session: fetch it beside the login request, not
    // after it. Offline (no answer to sign in with) a failed fetch changes nothing.
    void import('../../db/database.ts').catch(() => undefined);
    try {
      const result = await requestLogin(loginSchema.parse(values));
      if (!result.ok) {
        setFormError(result.message);
        setSending(false);
        return;
      }
      const signedIn = await signIn(result.response);
      const message = translateMessage(result.response.message ?? loginMessages.loginSuccess);
      // The form stays in its sending state until the page is replaced: navigate() can resolve
      // while the next route's chunk still loads, and a reset here flashed "You are signed in as"
      // on /login beside the department's navigation bar (a CI run caught both on screen).
      await navigate({ href: postLoginPath(signedIn, redirect), replace: true });
      announceSignIn(message);
    } catch {
      // The token had no expiry, or IndexedDB (or the chunk that opens it) failed.
      setFormError(loginMessages.loginFailed);
      setSending(false);
    }
  }

  const emailError = errors.email && translateMessage(errors.email);
  const passwordError = errors.password && translateMessage(errors.password);

  return (
    <div className="login-page">
      <title>{`${t('auth.login.title')} · ${t('app.name')}`}</title>
      <section className="login-card" aria-labelledby={titleId}>
        <div className="login-card__header">
          <h1 id={titleId} className="login-card__title">
            {t('auth.login.title')}
          </h1>
          {!showSignedIn && !opening && (
            <p className="login-card__intro">{t('auth.login.intro')}</p>
          )}
        </div>
        <div className="login-card__body">
          {opening ? (
            <p role="status" className="login-card__intro">
              {t('auth.login.opening')}
            </p>
          ) : showSignedIn && session ? (
            <div className="login-card__signed-in">
              <p>{t('auth.login.signedInAs', { email: session.user.email })}</p>
              <div className="login-card__actions">
                <UserLandingLink
                  user={session.user}
                  className="button button--primary login-card__action"
                >
                  {t('auth.login.openMyPage')}
                </UserLandingLink>
                <button
                  type="button"
                  className="button button--outline login-card__action"
                  onClick={() => setLogoutOpen(true)}
                >
                  {t('auth.login.logOut')}
                </button>
              </div>
              <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
            </div>
          ) : (
            <form
              className="login-form"
              noValidate
              aria-labelledby={titleId}
              onSubmit={(event) => void submit(event)}
            >
              <div role="alert" className="login-form__alert-region">
                {formError ? (
                  <div className="login-form__alert">
                    <ErrorIcon />
                    <span className="login-form__alert-title">{translateMessage(formError)}</span>
                  </div>
                ) : null}
              </div>
              <Field id={emailId} label={t('auth.login.email')} error={emailError}>
                <input
                  {...inputProps(emailId, 'email', emailError, emailRef)}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  value={values.email}
                  onChange={(event) => change('email', event.target.value)}
                />
              </Field>
              <Field id={passwordId} label={t('auth.login.password')} error={passwordError}>
                <input
                  {...inputProps(passwordId, 'password', passwordError, passwordRef)}
                  type="password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(event) => change('password', event.target.value)}
                />
              </Field>
              <button
                type="submit"
                className="button login-form__submit"
                disabled={sending}
                aria-busy={sending || undefined}
              >
                {sending ? (
                  <>
                    <span className="spinner login-form__spinner" aria-hidden="true" />
                    {t('auth.login.submitting')}
                  </>
                ) : (
                  t('auth.login.submit')
                )}
              </button>
            </form>
          )}
        </div>
      </section>
    </div>
  );
}
