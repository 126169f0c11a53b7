import { Button, Dialog, Text } from '@chakra-ui/react';
import { useT } from '../i18n/i18n.tsx';
import { ModalDialog } from './modal-dialog.tsx';

/** A destructive-action confirmation (delete order, delete product). */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  text,
  confirmLabel,
  busy,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
}) {
  const t = useT();
  return (
    <ModalDialog open={open} onClose={onCancel} title={title} alert>
      <Dialog.Body>
        <Text>{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={busy ?? false}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
