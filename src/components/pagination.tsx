import { pageItems } from '../../domain/pagination.ts';
import { useT } from '../i18n/i18n.tsx';
import './pagination.css';

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Orders pages'. */
  label?: string;
}

/**
 * Previous / page buttons (up to 5, then ellipses) / Next, with 'Page x of y'. Pages are 1-based;
 * the caller clamps the page (domain/pagination.ts). Renders nothing for a single page. Plain
 * elements (pagination.css): the department home renders before Chakra has loaded (decision 0045).
 */
export function Pagination({ page, pages, onPageChange, label }: PaginationProps) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('common.pageOf', { page, pages })}>
      <button
        type="button"
        className="button button--outline button--sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        {t('common.previous')}
      </button>
      {pageItems(page, pages).map((item) =>
        item.type === 'page' ? (
          <button
            type="button"
            key={item.value}
            className={`button button--sm ${item.value === page ? 'pagination__current' : 'button--ghost'}`}
            aria-current={item.value === page ? 'page' : undefined}
            onClick={() => onPageChange(item.value)}
          >
            {item.value}
          </button>
        ) : (
          <span key={item.key} aria-hidden="true" className="pagination__gap text-muted">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="button button--outline button--sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pages}
      >
        {t('common.next')}
      </button>
      <p className="pagination__where text-muted" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </p>
    </nav>
  );
}
