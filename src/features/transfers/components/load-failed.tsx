import { Button } from '@chakra-ui/react';
import { useT } from '../../../i18n/i18n.tsx';
import { EmptyState } from '../../../components/page-states.tsx';

/**
 * What a screen shows when this device's database could not be read: the message and Try Again,
 * which reloads the page (spec section 8: 'Failed to fetch movement logs' with Try Again).
 */
export function LoadFailed({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert">
      <EmptyState title={message}>
        <Button colorPalette="blue" onClick={() => window.location.reload()}>
          {t('transfers.logs.tryAgain')}
        </Button>
      </EmptyState>
    </div>
  );
}
