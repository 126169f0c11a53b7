import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { autoCloseMs } from './constants.ts';

/** A confirmation that closes itself after 3 s (spec section 4) or on its button. */
export function SuccessDialog({
  open,
  onClose,
  title,
  text,
  actionLabel,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  actionLabel: string;
}) {
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, onClose]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title color="green.600">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="green" onClick={onClose}>
                {actionLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
