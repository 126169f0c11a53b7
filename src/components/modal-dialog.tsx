import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  /** Escape, the backdrop and the caller's own Cancel/Close buttons all end here. */
  onClose: () => void;
  title: string;
  /** A Chakra colour token for the title (the success confirmations are green). */
  titleColor?: string;
  /** An alertdialog: a confirmation the user must answer. */
  alert?: boolean;
  /** Long forms scroll inside the dialog rather than the page. */
  scrollInside?: boolean;
  /** `Dialog.Body` and `Dialog.Footer`, or a form holding them. */
  children: ReactNode;
}

/** The centred modal every dialog of the app uses: backdrop, titled content, the caller's body. */
export function ModalDialog({
  open,
  onClose,
  title,
  titleColor,
  alert = false,
  scrollInside = false,
  children,
}: ModalDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      role={alert ? 'alertdialog' : 'dialog'}
      placement="center"
      scrollBehavior={scrollInside ? 'inside' : 'outside'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title {...(titleColor ? { color: titleColor } : {})}>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
