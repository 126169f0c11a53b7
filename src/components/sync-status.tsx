import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstContent } from './first-content.ts';
import { SyncStatusButton, useSyncSummary } from './sync-status-button.tsx';

const SyncStatusPanel = lazy(() =>
  import('./sync-status-panel.tsx').then((module) => ({ default: module.SyncStatusPanel })),
);

/** A screen that does not mark its first content gets the panel this long after start-up. */
const panelFallbackMs = 2000;

/**
 * The sync status indicator in the navigation bar. At start-up only its button is drawn; the
 * panel behind it (a popover with its positioning library, the outbox code for Retry and
 * Discard, the refusal notices) loads once the screen has shown its content (issue 26 item 10),
 * or at once when the button is pressed first, and then opens.
 */
export function SyncStatus() {
  const sync = useSyncSummary();
  const [panelWanted, setPanelWanted] = useState(false);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  useEffect(() => afterFirstContent(() => setPanelWanted(true), panelFallbackMs), []);
  if (sync.status.userId === null) return null;
  const button = (
    <SyncStatusButton
      sync={sync}
      aria-haspopup="dialog"
      onClick={() => {
        setOpenOnArrival(true);
        setPanelWanted(true);
      }}
    />
  );
  if (!panelWanted) return button;
  return (
    <Suspense fallback={button}>
      <SyncStatusPanel sync={sync} initiallyOpen={openOnArrival} />
    </Suspense>
  );
}
