/**
 * Uploads with progress (the retorno of up to 500 MB): fetch reports no upload progress, so this
 * sends the FormData with XMLHttpRequest, under the same token and refresh rules as every other
 * call (api-client.ts withSession). Answers the contract's success body; throws ApiError (with the
 * server's msg) or OfflineError like `upload` does.
 */
import { buildPath, type ContractResult, type JsonContract } from '@bg/domain';
import { ApiError, OfflineError, withSession, type ApiBody } from './api-client';

export type UploadProgress = { loaded: number; total: number };

export interface UploadOptions {
  params?: Record<string, unknown>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

type XhrAnswer = { status: number; body: ApiBody };

function sendXhr(method: string, path: string, form: FormData, authorization: string | null, opts: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    if (authorization) xhr.setRequestHeader('authorization', authorization);
    xhr.upload.onprogress = (e) => opts.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => {
      let body: ApiBody;
      try {
        body = JSON.parse(xhr.responseText) as ApiBody;
      } catch {
        body = { status: xhr.status, msg: xhr.status >= 200 && xhr.status < 300 ? 'ok' : 'Ops! Ocorreu um erro.' };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new OfflineError());
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export async function uploadWithProgress<C extends JsonContract>(contract: C, form: FormData, opts: UploadOptions = {}): Promise<ContractResult<C>> {
  const path = buildPath(contract.path, opts.params);
  const answer = await withSession((authorization) => sendXhr(contract.method, path, form, authorization, opts));
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body as ContractResult<C> & ApiBody; // typed as api() types a JSON body
}
