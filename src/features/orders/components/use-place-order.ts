import { useCallback } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import type { ProductRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { placeOrder as placeOrderCommand } from '../commands/place-order.ts';
import { useCommand, type CommandOutcome } from '../../../hooks/use-command.ts';

/** Places an order through the offline command (local order + outbox entry), never the network. */
export function usePlaceOrder(dept: ProductDepartmentId): {
  placeOrder: (product: ProductRecord, quantity: number) => Promise<CommandOutcome>;
  processing: boolean;
} {
  const t = useT();
  const command = useCallback(
    (product: ProductRecord, quantity: number) =>
      placeOrderCommand(dept, { productId: product._id, quantity }),
    [dept],
  );
  const { run, processing } = useCommand(command, t('catalog.order.failed'));
  return { placeOrder: run, processing };
}
