import { z } from 'zod';

/** How to reach the people who run the site (issue 28, item 16); null when no address is configured. */
export const siteContactSchema = z.object({ contactEmail: z.string().nullable() });
export type SiteContact = z.infer<typeof siteContactSchema>;
