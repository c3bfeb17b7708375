import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  body: Buffer;
}

/**
 * A multipart/form-data body for app.inject: text fields (as entries when a name must repeat) plus
 * any files. The boundary is random unless given.
 */
export function multipart(
  fields: Record<string, string> | [string, string][],
  files: MultipartFile[] = [],
  boundary = `----finishline${randomBytes(8).toString('hex')}`,
) {
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), boundary, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
