import { z } from 'zod';

/**
 * A file sent in a conversation or with a delivery (issue 32). `url` downloads it (an image opens
 * inline); `previewUrl` is a small WebP of an image, null for any other kind.
 */
export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
  previewUrl: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
