import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import type { Sheet } from '../../domain/sheet.ts';
import type { SpreadsheetKind } from '../../domain/spreadsheet.ts';
import { useT } from '../i18n/i18n.tsx';
import { downloadBlob } from './download-blob.ts';
import { notifyError, notifySuccess } from './notify.ts';

const kinds: readonly SpreadsheetKind[] = ['csv', 'xlsx'];

/**
 * 'Export CSV' and 'Export XLSX' for a list read from the mirror (issue 15): `buildSheet` reads
 * Dexie, never the network, so an export works offline. The sheet's text cells are neutralised
 * against formula injection by domain/spreadsheet.ts. Disabled while a file is being made and
 * when there is nothing to export (`empty`).
 *
 * The writers (domain/spreadsheet.ts and fflate) are imported when a button is pressed, not with
 * the screen (issue 26 item 10: a department home shows its list sooner without them). Their chunk
 * is precached, so Export works offline; the button shows 'Making the file…' while it loads.
 */
export function ExportButtons(props: {
  /** What is exported, in the sentence 'Export {what}' (the group's accessible name). */
  what: string;
  /** The file's name without its extension, e.g. 'hardware-products-2026-11-26'. */
  fileBase: string;
  sheetName: string;
  buildSheet: () => Promise<Sheet> | Sheet;
  empty?: boolean;
  /** Name what is exported on the buttons too ('Export products of every department (CSV)'),
   * where the page has other Export buttons (the reports page). */
  namedButtons?: boolean;
}) {
  const t = useT();
  const [busy, setBusy] = useState<SpreadsheetKind | null>(null);

  async function exportAs(kind: SpreadsheetKind) {
    setBusy(kind);
    try {
      // Loaded first and failed apart: a missing chunk (a service worker that never finished
      // installing, offline) needs a different remedy than an unreadable mirror.
      const writer = await import('../../domain/spreadsheet.ts').catch(() => null);
      if (!writer) {
        notifyError(t('inventory.export.unavailable'));
        return;
      }
      const sheet = await props.buildSheet();
      const file = `${props.fileBase}.${kind}`;
      downloadBlob(writer.spreadsheetBlob(sheet, kind, props.sheetName), file);
      notifySuccess(t('inventory.export.done', { file }));
    } catch {
      // Dexie could not be read (storage evicted, a blocked upgrade): nothing was downloaded.
      notifyError(t('inventory.export.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <HStack
      role="group"
      aria-label={t('inventory.export.groupLabel', { what: props.what })}
      gap="2"
      flexWrap="wrap"
      title={props.empty ? t('inventory.export.nothing') : t('inventory.export.fromDevice')}
    >
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant="outline"
          size="sm"
          minH="44px"
          loading={busy === kind}
          loadingText={t('inventory.export.busy')}
          disabled={props.empty === true || (busy !== null && busy !== kind)}
          onClick={() => void exportAs(kind)}
        >
          {props.namedButtons
            ? t('inventory.export.named', { what: props.what, kind: kind.toUpperCase() })
            : t(kind === 'csv' ? 'inventory.export.csv' : 'inventory.export.xlsx')}
        </Button>
      ))}
    </HStack>
  );
}
