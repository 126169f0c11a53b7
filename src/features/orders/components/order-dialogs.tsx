import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ProductDepartmentId } from '../../../../domain/departments.ts';
import type { OrderRecord } from '../../../db/database.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { deleteOrder } from '../commands/delete-order.ts';
import { editOrderQuantity } from '../commands/edit-order-quantity.ts';
import { ConfirmCommandDialog } from '../../../components/confirm-command-dialog.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QuantityField } from '../../../components/quantity-field.tsx';
import { useCommand } from '../../../hooks/use-command.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

/** Edit Order (admins): quantity only, min 1; the change is optimistic and queued. */
export function EditOrderDialog({
  dept,
  order,
  location,
  onClose,
}: {
  dept: ProductDepartmentId;
  order: OrderRecord | null;
  /** Where the ordered product is kept (departments with locations), so the admin knows which. */
  location?: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ModalDialog open={order !== null} onClose={onClose} title={t('catalog.orders.editTitle')}>
      {order ? (
        // Keyed by order so the form starts from that order's quantity each time.
        <EditOrderForm
          key={order._id}
          dept={dept}
          order={order}
          location={location}
          onClose={onClose}
        />
      ) : null}
    </ModalDialog>
  );
}

function EditOrderForm({
  dept,
  order,
  location,
  onClose,
}: {
  dept: ProductDepartmentId;
  order: OrderRecord;
  location: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const [quantity, setQuantity] = useState(order.quantity);
  const { run, processing } = useCommand(editOrderQuantity, t('catalog.orders.updateFailed'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await run(dept, order._id, quantity);
    if (result.ok) {
      notifySuccess(t('catalog.orders.updated'), undefined, result.entryId);
      onClose();
    } else {
      notifyError(t('catalog.order.error', { message: result.message }));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontWeight="medium">{order.productName}</Text>
          {location ? (
            <Text fontSize="sm" color="fg.muted">
              {t('catalog.field.location')}: {location}
            </Text>
          ) : null}
          <QuantityField
            label={t('catalog.orders.col.quantity')}
            value={quantity}
            onChange={setQuantity}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <FormActions
          submitLabel={t('catalog.orders.save')}
          busyLabel={t('catalog.orders.saving')}
          busy={processing}
          onCancel={onClose}
        />
      </Dialog.Footer>
    </form>
  );
}

/** Confirm Delete (admins); the order's quantity returns to stock. */
export function DeleteOrderDialog({
  dept,
  order,
  onClose,
}: {
  dept: ProductDepartmentId;
  order: OrderRecord | null;
  onClose: () => void;
}) {
  const t = useT();
  const { run, processing } = useCommand(deleteOrder, t('catalog.orders.deleteFailed'));
  return (
    <ConfirmCommandDialog
      open={order !== null}
      onClose={onClose}
      run={() => (order ? run(dept, order._id) : Promise.resolve({ ok: true as const }))}
      processing={processing}
      success={t('catalog.orders.deleted')}
      failure={(message) => t('catalog.order.error', { message })}
      title={t('catalog.orders.deleteTitle')}
      text={t('catalog.orders.deleteText')}
      confirmLabel={t('catalog.orders.delete')}
    />
  );
}
