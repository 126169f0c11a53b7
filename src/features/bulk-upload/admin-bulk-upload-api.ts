import {
  bulkUploadErrorSchema,
  bulkUploadResultSchema,
  type BulkUploadResult,
  type BulkUploadRowError,
} from '../../../domain/bulk-upload.ts';
import { apiBase } from '../../api/api-base.ts';

/**
 * POST /godown/products/bulk-upload, online only (never queued: a file is not an offline write).
 * XMLHttpRequest rather than fetch because only it reports upload progress. The session token is
 * sent as a bearer credential like every other admin call.
 */
export type UploadOutcome =
  | { kind: 'ok'; result: BulkUploadResult }
  | { kind: 'refused'; status: number; message: string; errors?: BulkUploadRowError[] }
  | { kind: 'network' }
  | { kind: 'invalid-response'; status: number };

/** Sent fraction 0..1 of the request body, or null once everything is sent (server at work). */
export type UploadProgress = (sent: number | null) => void;

// Gateway errors without our JSON come from a proxy or an offline service worker.
const gatewayStatuses = new Set([502, 503, 504]);

export function uploadBulkFile(
  file: File,
  token: string,
  onProgress: UploadProgress,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = createRequest();
    xhr.open('POST', `${apiBase}/godown/products/bulk-upload`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(null);
    xhr.onerror = () => resolve({ kind: 'network' });
    xhr.ontimeout = () => resolve({ kind: 'network' });
    xhr.onabort = () => resolve({ kind: 'network' });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        resolve(
          gatewayStatuses.has(xhr.status)
            ? { kind: 'network' }
            : { kind: 'invalid-response', status: xhr.status },
        );
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = bulkUploadResultSchema.safeParse(body);
        resolve(
          parsed.success
            ? { kind: 'ok', result: parsed.data }
            : { kind: 'invalid-response', status: xhr.status },
        );
        return;
      }
      const refused = bulkUploadErrorSchema.safeParse(body);
      resolve(
        refused.success
          ? {
              kind: 'refused',
              status: xhr.status,
              message: refused.data.message,
              ...(refused.data.errors ? { errors: refused.data.errors } : {}),
            }
          : { kind: 'invalid-response', status: xhr.status },
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
