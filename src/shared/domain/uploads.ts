/**
 * What an upload may be and the words for a refused one, shared by the server's checks and the
 * browser's checks before uploading (issue 16: messages written for people, not developers).
 */

/** Spec section 9: an upload is at most 5 MB (5242880 bytes), one file. */
export const uploadMaxBytes = 5_242_880;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** Spec section 5: avatars are JPEG, PNG or GIF; screenshots and dispute evidence take WebP too. */
export const avatarFormats: readonly ImageFormat[] = ['png', 'jpeg', 'gif'];
export const screenshotFormats: readonly ImageFormat[] = ['png', 'jpeg', 'gif', 'webp'];
/** Dispute evidence: these images, or a PDF. */
export const evidenceImageFormats: readonly ImageFormat[] = ['png', 'jpeg', 'gif', 'webp'];

export const imageMimeTypes: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const labelByFormat: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP' };

/** 'PNG, JPEG, GIF or WebP' */
function readableList(labels: readonly string[]): string {
  return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** 'The image must be 5 MB or smaller' */
export const tooLargeMessage = (kind: 'image' | 'file', maxBytes = uploadMaxBytes) => `The ${kind} must be ${megabytes(maxBytes)} or smaller`;

/** 'Use a PNG, JPEG, GIF or WebP image', or with `orPdf` '... image or a PDF'. */
export const wrongTypeMessage = (formats: readonly ImageFormat[], options: { orPdf?: boolean } = {}) =>
  `Use a ${readableList(formats.map((format) => labelByFormat[format]))} image${options.orPdf ? ' or a PDF' : ''}`;

/**
 * The browser's check before an upload (the server checks the bytes again): the declared type
 * against the allowed formats, then the size. Null when the file may go.
 */
export function uploadProblem(file: { type: string; size: number }, formats: readonly ImageFormat[], options: { orPdf?: boolean } = {}): string | null {
  const allowed = formats.map((format) => imageMimeTypes[format]).concat(options.orPdf ? ['application/pdf'] : []);
  if (!allowed.includes(file.type)) return wrongTypeMessage(formats, options);
  const kind = options.orPdf ? 'file' : 'image';
  if (file.size > uploadMaxBytes) return tooLargeMessage(kind);
  return null;
}
