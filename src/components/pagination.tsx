import { Button, HStack, Text } from '@chakra-ui/react';
import { pageItems } from '../../domain/pagination.ts';
import { useT } from '../i18n/i18n.tsx';

export interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Orders pages'. */
  label?: string;
}

/**
 * Previous / page buttons (up to 5, then ellipses) / Next, with 'Page x of y'. Pages are 1-based;
 * the caller clamps the page (domain/pagination.ts). Renders nothing for a single page.
 */
export function Pagination({ page, pages, onPageChange, label }: PaginationProps) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <HStack
      as="nav"
      aria-label={label ?? t('common.pageOf', { page, pages })}
      gap="2"
      wrap="wrap"
      justify="center"
      py="4"
    >
      <Button
        variant="outline"
        size="sm"
        minW="11"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        {t('common.previous')}
      </Button>
      {pageItems(page, pages).map((item) =>
        item.type === 'page' ? (
          <Button
            key={item.value}
            size="sm"
            minW="11"
            variant={item.value === page ? 'solid' : 'ghost'}
            aria-current={item.value === page ? 'page' : undefined}
            onClick={() => onPageChange(item.value)}
          >
            {item.value}
          </Button>
        ) : (
          <Text key={item.key} as="span" aria-hidden="true" px="1" color="fg.muted">
            …
          </Text>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        minW="11"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pages}
      >
        {t('common.next')}
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </Text>
    </HStack>
  );
}
