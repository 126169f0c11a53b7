import { createToaster } from '@chakra-ui/react';

/**
 * The app's toasts (Chakra v3 has no useToast): call `toaster.create({ title, type })` from
 * anywhere, including code outside React. Toasts close after 3 s (spec section 9). The store is
 * here; the region that draws them (toaster-view.tsx) loads after the first screen's content and
 * then shows any toast created before it.
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
