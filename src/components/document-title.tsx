import { useT } from '../i18n/i18n.tsx';

/** The document title of a screen, '<title> · <app name>' (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  const t = useT();
  return <title>{`${title} · ${t('app.name')}`}</title>;
}
