import { Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';

/**
 * 'Also at: Deck A (12), Store 2 (5)': the same article at the department's other locations, each
 * a link to its own product page (issue 26 item 1), so staff see where else it is kept and how
 * many. Nothing where the article is kept at one location only.
 */
export function AlsoAt({
  dept,
  others,
}: {
  dept: ProductDepartmentId;
  others: readonly ProductRecord[];
}) {
  const t = useT();
  const labelId = useId();
  if (others.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="also-at">
      <Text id={labelId} fontWeight="medium">
        {t('catalog.product.alsoAt')}
      </Text>
      <HStack as="ul" aria-labelledby={labelId} gap="2" wrap="wrap" listStyleType="none">
        {others.map((other) => (
          <li key={other._id}>
            <Button asChild size="sm" variant="outline">
              <Link to="/$dept/products/$id" params={{ dept, id: other._id }}>
                {other.location ?? '—'} ({other.quantity})
              </Link>
            </Button>
          </li>
        ))}
      </HStack>
    </HStack>
  );
}
