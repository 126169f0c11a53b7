import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The app's toasts (Chakra v3 has no useToast): call `toaster.create({ title, type })` from
 * anywhere, including code outside React. Toasts close after 3 s (spec section 9).
 */
export const toastDurationMs = 3000;

// Bottom corner and at most three at once: a fast seller placing order after order must never find
// the Place Order button under a stack of confirmations.
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  pauseOnPageIdle: true,
  duration: toastDurationMs,
});

export function Toaster() {
  const t = useT();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? (
              <Spinner size="sm" color="blue.solid" />
            ) : (
              <Toast.Indicator />
            )}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Full opacity: the recipe's 0.8 leaves white on red below AA contrast (axe). */}
              {toast.description && (
                <Toast.Description opacity="1">{toast.description}</Toast.Description>
              )}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label={t('common.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
