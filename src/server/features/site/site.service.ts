import type { SiteContact } from '#shared/contracts/site.js';
import type { AppContext } from '#server/context.js';

/** The address the Contact page gives: the configured contact, else the operator's. */
export function getSiteContact(ctx: Pick<AppContext, 'config'>): SiteContact {
  return { contactEmail: ctx.config.contactEmail ?? ctx.config.operatorEmail ?? null };
}
