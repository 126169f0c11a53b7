import { describe, expect, it } from 'vitest';
import { uploadBulkFile } from './admin-bulk-upload-api.ts';

/** Just enough of XMLHttpRequest to drive uploadBulkFile: records the call, answers on send. */
class FakeRequest {
  method = '';
  url = '';
  headers = new Map<string, string>();
  responseType = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: unknown;

  private readonly answer: (request: FakeRequest) => void;

  constructor(answer: (request: FakeRequest) => void) {
    this.answer = answer;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  send(body: unknown) {
    this.sent = body;
    this.answer(this);
  }
}

function answering(answer: (request: FakeRequest) => void) {
  const requests: FakeRequest[] = [];
  const create = () => {
    const request = new FakeRequest(answer);
    requests.push(request);
    return request as unknown as XMLHttpRequest;
  };
  return { create, requests };
}

function respond(status: number, body: string) {
  return (request: FakeRequest) => {
    request.upload.onprogress?.({
      lengthComputable: true,
      loaded: 50,
      total: 100,
    } as ProgressEvent);
    request.upload.onload?.();
    request.status = status;
    request.responseText = body;
    request.onload?.();
  };
}

const file = new File(['Cement,1,1,A,B'], 'stock.csv', { type: 'text/csv' });

describe('the bulk upload call', () => {
  it('posts the file as multipart field `file` with the bearer token and reports progress', async () => {
    const { create, requests } = answering(
      respond(
        200,
        JSON.stringify({
          message: 'The products have been uploaded successfully.',
          created: 2,
          updated: 1,
        }),
      ),
    );
    const progress: (number | null)[] = [];
    const outcome = await uploadBulkFile(file, 'token-1', (sent) => progress.push(sent), create);
    expect(outcome).toEqual({
      kind: 'ok',
      result: { message: 'The products have been uploaded successfully.', created: 2, updated: 1 },
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/godown/products/bulk-upload');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect((request?.sent as FormData).get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([0.5, null]);
  });

  it("gives back the server's message and per-row errors", async () => {
    const body = {
      message: 'Some rows have errors. Nothing was uploaded.',
      errors: [{ row: 3, errors: ['All fields are required.'] }],
    };
    const { create } = answering(respond(400, JSON.stringify(body)));
    expect(await uploadBulkFile(file, 't', () => undefined, create)).toEqual({
      kind: 'refused',
      status: 400,
      ...body,
    });
  });

  it('reads no answer, or a gateway page, as no connection and a foreign body as invalid', async () => {
    const offline = answering((request) => request.onerror?.());
    expect(await uploadBulkFile(file, 't', () => undefined, offline.create)).toEqual({
      kind: 'network',
    });
    const gateway = answering(respond(504, '<html>Gateway Timeout</html>'));
    expect(await uploadBulkFile(file, 't', () => undefined, gateway.create)).toEqual({
      kind: 'network',
    });
    const foreign = answering(respond(200, JSON.stringify({ ok: true })));
    expect(await uploadBulkFile(file, 't', () => undefined, foreign.create)).toEqual({
      kind: 'invalid-response',
      status: 200,
    });
  });
});
