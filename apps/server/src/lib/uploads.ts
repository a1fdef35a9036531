import type { FastifyRequest } from 'fastify';
import { HttpError, fieldError } from './errors';

/**
 * The bytes of the single file of a multipart upload, sent under the field name `file` (≤ the
 * multipart plugin's `fileSize`, 10 MB). A part under any other name is refused, not ignored.
 * @throws 415 when the body is not multipart; 400 on `file` ("Please choose a file.") when the
 *   file is missing or another field name is used; 413 when the file is too large
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'validation.file_type');
  const file = await request.file();
  if (!file || file.fieldname !== 'file' || Object.keys(file.fields).some((name) => name !== 'file')) {
    throw fieldError('file', 'errors.file_missing');
  }
  return file.toBuffer().catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? new HttpError(413, 'validation.file_size') : err;
  });
}
