import type { ReactNode } from 'react';
import './page-states.css';

/**
 * A centred spinner with a visible label, announced to screen readers. Plain elements
 * (page-states.css): the department home shows it before Chakra has loaded (decision 0045).
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner page-loading__spinner" aria-hidden="true" />
      <p className="text-muted">{label}</p>
    </div>
  );
}

/** An empty list or not-found message, with an optional action below it. */
export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-empty">
      <p className="page-empty__title">{title}</p>
      {description ? <p className="page-empty__description text-muted">{description}</p> : null}
      {children ? <div className="page-empty__actions">{children}</div> : null}
    </div>
  );
}
