import { Badge } from '@chakra-ui/react';
import type { StockCountRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';

const palettes = {
  open: 'blue',
  submitted: 'orange',
  applied: 'green',
  cancelled: 'gray',
} as const;

/** A count's state in words (never colour alone); 'Waiting to sync' while the server has not confirmed it. */
export function CountStatusBadge({ count }: { count: StockCountRecord }) {
  const t = useT();
  if (count.pendingOutboxId) {
    return (
      <Badge colorPalette="yellow" variant="subtle">
        {count.status === 'open'
          ? t('stockCounts.status.starting')
          : t('stockCounts.status.sending')}
      </Badge>
    );
  }
  return (
    <Badge colorPalette={palettes[count.status]} variant="subtle">
      {t(`stockCounts.status.${count.status}`)}
    </Badge>
  );
}
