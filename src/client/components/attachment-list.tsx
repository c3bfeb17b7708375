import { FileDown } from 'lucide-react';
import type { Attachment } from '#shared/contracts/attachments.js';
import { formatFileSize } from '#shared/domain/attachments.js';

// Files of a conversation or a delivery (issue 32), as the chat, the deal history and a dispute's record show them.

/** A message's files: an image as its preview (opening the whole image), anything else as a download with its size. */
export function AttachmentList({ attachments, label = 'Files' }: { attachments: readonly Attachment[]; label?: string }) {
  return (
    <ul aria-label={label} className="grid max-w-full gap-1">
      {attachments.map((file) => (
        <li key={file.id} className="max-w-full">
          {file.previewUrl ? (
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg border focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <img src={file.previewUrl} alt={file.name} loading="lazy" className="max-h-48 max-w-full rounded-lg object-contain" />
            </a>
          ) : (
            <a
              href={file.url}
              download={file.name}
              className="flex max-w-full items-center gap-2 rounded-lg border px-3 py-2 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <FileDown aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
