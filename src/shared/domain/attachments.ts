/**
 * Files in conversations and deliveries (issue 32, items 1 and 2): what a file may be, how many
 * go together, and the words for a refused one, shared by the server's checks (by the bytes) and
 * the browser's checks before uploading (by the declared type and size).
 */

/** Each file is at most 10 MB. */
export const attachmentMaxBytes = 10 * 1024 * 1024;

/** How many files one message, and one delivery or milestone completion, may carry. */
export const attachmentLimits = { perMessage: 5, perDelivery: 10 } as const;

/**
 * What a file is, by its bytes: an image (re-encoded as WebP and shown with a preview), a PDF,
 * plain UTF-8 text, or a zip archive (stored as it came and never unpacked). Everything but an
 * image is served as a download.
 */
export type AttachmentKind = 'image' | 'pdf' | 'text' | 'zip';

/** The content type a stored file of each kind is served with. */
export const attachmentContentTypes: Record<AttachmentKind, string> = {
  image: 'image/webp',
  pdf: 'application/pdf',
  text: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

export const attachmentTypesMessage = 'Use an image (PNG, JPEG, GIF or WebP), a PDF, a text file or a zip archive';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const attachmentTooLargeMessage = (name: string) =>
  `“${name}” is larger than ${megabytes(attachmentMaxBytes)}. Each file must be ${megabytes(attachmentMaxBytes)} or smaller.`;
export const attachmentWrongTypeMessage = (name: string) => `“${name}” cannot be attached. ${attachmentTypesMessage}.`;
export const tooManyAttachmentsMessage = (limit: number) => `Attach at most ${limit} files at a time.`;

/** The declared types (and, for a type the browser does not know, extensions) the browser lets through; the server checks the bytes. */
const declaredTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/zip',
  'application/x-zip-compressed',
];
const textExtensions = /\.(txt|md|log|csv|json|ya?ml|diff|patch)$/i;

/** The file input's `accept`: what the picker offers. */
export const attachmentAccept = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,.txt,.md,.log,.csv,.json,.yml,.yaml,.diff,.patch,.zip';

/**
 * The browser's check of the files picked for one message or delivery: null when they may go,
 * else a sentence for the person. The server checks the bytes again.
 */
export function attachmentProblem(files: readonly { name: string; type: string; size: number }[], limit: number): string | null {
  if (files.length > limit) return tooManyAttachmentsMessage(limit);
  for (const file of files) {
    const typeKnown = declaredTypes.includes(file.type) || (file.type === '' && /\.zip$/i.test(file.name)) || textExtensions.test(file.name);
    if (!typeKnown) return attachmentWrongTypeMessage(file.name);
    if (file.size > attachmentMaxBytes) return attachmentTooLargeMessage(file.name);
    if (file.size === 0) return `“${file.name}” is empty.`;
  }
  return null;
}

/** 1.2 MB, 340 KB, 12 bytes: a file's size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return megabytes(bytes);
}

/** What a message keeps of each of its files (messages.attachments), so a conversation is read without a join. */
export interface AttachmentSummary {
  id: number;
  name: string;
  size: number;
  kind: AttachmentKind;
}

/** The name the person gave a file, cut to something displayable: no control characters, no path. */
export const displayFileName = (filename: string, fallback = 'file') =>
  filename
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name shown to people
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(0, 200) || fallback;
