import { Alert, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { applyUpdate, useUpdateWaiting } from './register-sw.ts';

/**
 * 'A new version is available' with Reload and Later. Later hides it for this page; the new
 * version then starts by itself the next time every tab of the app has been closed.
 */
export function UpdatePrompt() {
  const t = useT();
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);

  if (!waiting || dismissed) return null;

  return (
    <Alert.Root
      status="info"
      variant="surface"
      role="status"
      aria-live="polite"
      position="fixed"
      insetX="4"
      bottom="4"
      marginX="auto"
      maxWidth="lg"
      zIndex="toast"
      boxShadow="lg"
      alignItems="center"
      flexWrap="wrap"
      gap="3"
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minWidth="48">
        <Alert.Title>{t('pwa.updateAvailable')}</Alert.Title>
        <Alert.Description>{t('pwa.updateHint')}</Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        <Button size="sm" variant="ghost" onClick={() => setDismissed(true)} disabled={reloading}>
          {t('pwa.later')}
        </Button>
        <Button
          size="sm"
          colorPalette="blue"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate();
          }}
        >
          {t('pwa.reload')}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
