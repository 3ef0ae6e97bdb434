/** How long an object URL handed to `download` stays valid: time enough for the browser to save it. */
export const DOWNLOAD_URL_TTL_MS = 60_000;

/**
 * Saves a file as a click on a download link would, under `filename`: a Blob (made into an object
 * URL here) or an object URL already made (`fileUrl` of api-contract.ts). Either way the object
 * URL is revoked a minute later.
 */
export function download(file: Blob | string, filename: string): void {
  const url = typeof file === 'string' ? file : URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_TTL_MS);
}
