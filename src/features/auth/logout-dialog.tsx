import { Alert, Button, Dialog, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { signOut } from '../../session/session.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';

export interface LogoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown above the buttons, e.g. unsent offline work (see logout-warning.ts). */
  warning?: string;
}

/**
 * 'Confirm Logout' (spec, navigation bar). Logout clears the session and goes to /login; the
 * outbox is kept.
 */
export function LogoutDialog({ open, onOpenChange, warning }: LogoutDialogProps) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await signOut();
      onOpenChange(false);
      await navigate({ to: '/login' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('auth.logout.title')}
      alert
    >
      <Dialog.Body>
        <Dialog.Description asChild>
          <Text>{t('auth.logout.text')}</Text>
        </Dialog.Description>
        {warning && (
          <Alert.Root status="warning" mt="4">
            <Alert.Indicator />
            <Alert.Title>{warning}</Alert.Title>
          </Alert.Root>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="red" loading={busy} onClick={() => void confirm()}>
          {t('auth.logout.confirm')}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
