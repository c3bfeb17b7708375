import { defineEndpoints } from './endpoint.js';
import { siteContactSchema } from './site.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './site.schemas.js';

/** What the site's own pages (About, Contact, FAQ) read of its configuration. */
export const siteEndpoints = defineEndpoints('site', {
  contact: {
    method: 'GET',
    path: '/api/site/contact',
    session: 'none',
    summary: "The operator's contact address for the Contact page (CONTACT_EMAIL, else OPERATOR_EMAIL; null when neither is set)",
    response: siteContactSchema,
    errors: [],
  },
});
