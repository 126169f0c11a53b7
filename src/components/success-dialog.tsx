import { Button, Dialog, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useWriteRefused } from '../sync/use-sync-status.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** Success dialogs close after 3 s (spec section 9). */
const autoCloseMs = 3000;

/**
 * A confirmation that closes itself after 3 s (spec section 4) or on its button, and at once if
 * the server refuses the queued write it announced (`entryId`): the refusal notice then stands
 * alone, never beside 'saved'.
 */
export function SuccessDialog({
  open,
  onClose,
  title,
  text,
  actionLabel,
  entryId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  actionLabel: string;
  entryId?: string | undefined;
}) {
  const refused = useWriteRefused(open ? entryId : undefined);
  useEffect(() => {
    if (!open) return;
    if (refused) {
      onClose();
      return;
    }
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, onClose, refused]);

  return (
    <ModalDialog open={open} onClose={onClose} title={title} titleColor="green.600" alert>
      <Dialog.Body>
        <Text>{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="green" onClick={onClose}>
          {actionLabel}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
