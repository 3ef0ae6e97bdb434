import type { Readable } from 'node:stream';

/**
 * A multipart/form-data body as use-cases read it: part by part, as it arrives, never buffered.
 * http/multipart-upload.ts makes one from a request; use-cases know nothing of the web framework
 * (modules/ import no fastify), and the parser's limits are theirs to choose.
 */
export type UploadLimits = {
  /** Files accepted before the parser fails with UploadLimitExceeded('files'). */
  files: number;
  /** Bytes per file: a longer file's stream ends there, cut (truncated() says so), or fails with UploadLimitExceeded('fileSize'). */
  fileSize: number;
  fields: number;
};

export type UploadFieldPart = { type: 'field'; fieldname: string; value: string };

export type UploadFilePart = {
  type: 'file';
  fieldname: string;
  filename: string;
  /** As the client declared it: never trusted (the content is checked by its magic bytes). */
  mimetype: string;
  stream: Readable;
  /** Whether the stream was cut at limits.fileSize (known once it has ended). */
  truncated(): boolean;
};

export type UploadPart = UploadFieldPart | UploadFilePart;

export type MultipartUpload = {
  /** False when the request was not multipart/form-data (each use-case answers its own message). */
  readonly isMultipart: boolean;
  /** The parts in the order they arrive; reading starts when iteration does. */
  parts(limits: UploadLimits): AsyncIterable<UploadPart>;
};

/** A parser limit passed while reading: too many files, or a file longer than limits.fileSize. */
export class UploadLimitExceeded extends Error {
  constructor(readonly limit: 'files' | 'fileSize') {
    super(limit === 'files' ? 'too many files' : 'file too large');
    this.name = 'UploadLimitExceeded';
  }
}
