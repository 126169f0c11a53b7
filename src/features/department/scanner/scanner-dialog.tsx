import { Box, Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { isInsecureAddress } from '../../../components/secure-context.ts';
import type { MessageKey } from '../../../i18n/dictionaries.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { firstBarcode } from './scanner-detector.ts';

/** How often a camera frame is read; zxing takes tens of ms a frame on a tablet. */
const frameIntervalMs = 250;

type CameraState =
  { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; messageKey: MessageKey };

function cameraFailure(error: unknown): MessageKey {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'inventory.scan.refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'inventory.scan.noCamera';
  }
  return 'inventory.scan.cameraFailed';
}

/**
 * The camera scanner (issue 15), its own lazy chunk: the back camera's picture with a frame read
 * every 250 ms until a barcode is found, handed to `onResult`; 'Scan from a photo' reads a picture
 * taken with the camera app or chosen from the gallery, for tablets without a usable camera.
 * The camera is released when the dialog closes. A refused permission says how to allow it.
 */
export interface ScannerDialogProps {
  onClose: () => void;
  onResult: (code: string) => void;
}

export function ScannerDialog({ onClose, onResult }: ScannerDialogProps) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [photoMessage, setPhotoMessage] = useState<MessageKey | null>(null);
  const [reading, setReading] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const finish = (code: string) => {
      if (done.current) return;
      done.current = true;
      onResult(code);
    };
    async function start() {
      if (isInsecureAddress()) {
        // Browsers give the camera only to secure pages: plain http at a LAN address has none.
        setCamera({ kind: 'failed', messageKey: 'inventory.scan.insecure' });
        return;
      }
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ kind: 'failed', messageKey: 'inventory.scan.noCamera' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setCamera({ kind: 'failed', messageKey: cameraFailure(error) });
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setCamera({ kind: 'scanning' });
      const readFrame = async () => {
        if (stopped || !video.current) return;
        try {
          if (video.current.readyState >= 2) {
            const code = await firstBarcode(video.current);
            if (code && !stopped) return finish(code);
          }
        } catch {
          if (!stopped) setCamera({ kind: 'failed', messageKey: 'inventory.scan.readerFailed' });
          return;
        }
        timer = window.setTimeout(() => void readFrame(), frameIntervalMs);
      };
      void readFrame();
    }
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // The dialog is mounted for one scan; onResult is read once, when a code is found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function readPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setPhotoMessage(null);
    try {
      const image = await createImageBitmap(file);
      const code = await firstBarcode(image);
      image.close();
      if (code && !done.current) {
        done.current = true;
        onResult(code);
        return;
      }
      setPhotoMessage('inventory.scan.noneInPhoto');
    } catch {
      setPhotoMessage('inventory.scan.photoFailed');
    } finally {
      setReading(false);
    }
  }

  return (
    <ModalDialog open onClose={onClose} title={t('inventory.scan.title')}>
      <Dialog.Body>
        <Stack gap="4">
          {camera.kind === 'failed' ? (
            <Text role="alert" color="red.700">
              {t(camera.messageKey)}
            </Text>
          ) : (
            <Box position="relative" bg="black" rounded="md" overflow="hidden">
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('inventory.scan.cameraLabel')}
                style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover' }}
              />
              <Text
                position="absolute"
                bottom="2"
                insetX="2"
                textAlign="center"
                color="white"
                fontSize="sm"
                role="status"
              >
                {t(camera.kind === 'starting' ? 'inventory.scan.starting' : 'inventory.scan.aim')}
              </Text>
            </Box>
          )}
          <Box>
            <Button asChild variant="outline" minH="44px" loading={reading}>
              <label>
                {t('inventory.scan.photo')}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  className="visually-hidden"
                  onChange={(event) => void readPhoto(event)}
                />
              </label>
            </Button>
            {photoMessage ? (
              <Text role="alert" color="red.700" mt="2">
                {t(photoMessage)}
              </Text>
            ) : null}
          </Box>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" minH="44px" onClick={onClose}>
          {t('inventory.scan.close')}
        </Button>
      </Dialog.Footer>
    </ModalDialog>
  );
}
