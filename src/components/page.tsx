import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.tsx';
import './shell.css';

/**
 * A simple page: container, one h1 and the document title (React 19 hoists <title> into <head>).
 * Pages with their own layout (the landing page) do not need it. Plain elements (shell.css), so
 * the not-found and error screens render without Chakra; the children may be Chakra components.
 */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="site-container plain-page">
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className="heading-page">{title}</h1>
      {children}
    </div>
  );
}
