import { Box, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import '../../i18n/screen-words-bulk-upload.ts';

const accept =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The drag-and-drop or click zone: one file. A focusable button (Enter or Space opens the file
 * chooser) over a hidden file input, so keyboard and screen-reader users choose the same way.
 */
export function DropZone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles([...event.dataTransfer.files]);
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      // Named by all its visible words (no aria-label: axe's label-content-name-mismatch).
      aria-disabled={disabled}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.500' : 'border.emphasized'}
      bg={over ? 'blue.50' : 'bg.subtle'}
      rounded="md"
      p="8"
      textAlign="center"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
    >
      <Text fontWeight="medium">{t('bulkUpload.zone')}</Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {t('bulkUpload.zoneHint')}
      </Text>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="bulk-upload-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same (fixed) file again must fire change again.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
