/**
 * The web app's calls, derived from the API contracts in @bg/domain: the path, method, input and
 * result types all come from the one contract the server registers its route with, so a field
 * renamed on one side no longer compiles on the other.
 */
import { buildPath, type ContractInput, type ContractResult, type FileContract, type JsonContract, type NoInput } from '@bg/domain';
import { api, apiBlob, type RequestOptions } from './api-client';

type Args<C extends JsonContract | FileContract> = NoInput<C> extends true ? [input?: ContractInput<C>] : [input: ContractInput<C>];

function urlQuery(query: unknown): RequestOptions['query'] {
  return (query ?? undefined) as RequestOptions['query'];
}

/** Calls a JSON endpoint; answers its typed success body, throws ApiError otherwise. */
export async function call<C extends JsonContract>(contract: C, ...[input]: Args<C>): Promise<ContractResult<C>> {
  const path = buildPath(contract.path, input?.params as Record<string, unknown> | undefined);
  // the one place the JSON body is typed: it was serialised on the server through this contract
  return api<ContractResult<C>>(path, { method: contract.method, query: urlQuery(input?.query), body: input?.body });
}

/** Sends a multipart upload (files and fields in a FormData) to a contract's endpoint. */
export async function upload<C extends JsonContract>(contract: C, form: FormData, params?: Record<string, unknown>): Promise<ContractResult<C>> {
  return api<ContractResult<C>>(buildPath(contract.path, params), { method: contract.method, form });
}

/**
 * Fetches a file endpoint with the session's token and answers the file. The method, path, query
 * and body all come from the contract, so a POST that answers a file (the LGPD export: the
 * document travels in the body, never in the URL) needs no transport of its own in a feature.
 */
export async function fileBlob<C extends FileContract>(contract: C, ...[input]: Args<C>): Promise<Blob> {
  const path = buildPath(contract.path, input?.params as Record<string, unknown> | undefined);
  return apiBlob(path, { method: contract.method, query: urlQuery(input?.query), body: input?.body });
}

/** A file endpoint's answer as an object URL (a PDF to open in a tab, a CSV to `download`). */
export async function fileUrl<C extends FileContract>(contract: C, ...args: Args<C>): Promise<string> {
  return URL.createObjectURL(await fileBlob(contract, ...args));
}

/** The path of a file endpoint, for links that the browser opens itself (public receipts). */
export function filePath<C extends FileContract>(contract: C, params: Record<string, unknown>): string {
  return buildPath(contract.path, params);
}
