import { limits } from './limits.js';

/** The spec's message for a code link that is not a web address. */
export const INVALID_CODE_LINK = 'Please enter a valid URL';
/** A site's home page is no repository: "View Code" would open GitHub's front page (issue 28, item 15). */
export const BARE_HOST_CODE_LINK = "Links must point to the repository itself (https://github.com/you/your-project), not to a site's home page";

/**
 * The one rule for a project's code repository link, on both posting forms and the server
 * (docs/decisions/052-code-link-terms-and-the-way-back.md): required, an http(s) address of at most
 * `limits.linkMax` characters, with a path beyond the host. Returns what is wrong, or null.
 * Free of zod, so the dashboard's quick form checks it without loading the schemas.
 */
export function codeLinkProblem(text: string): string | null {
  const link = text.trim();
  if (link.length > limits.linkMax) return `Links must be at most ${limits.linkMax} characters`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return INVALID_CODE_LINK;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return INVALID_CODE_LINK;
  if (!url.hostname) return INVALID_CODE_LINK;
  return isRepositoryLink(url) ? null : BARE_HOST_CODE_LINK;
}

/** True when the link names something under its host ('https://github.com/acme/shop'), not the host alone. */
export function isRepositoryLink(link: string | URL): boolean {
  try {
    const url = typeof link === 'string' ? new URL(link) : link;
    return url.pathname.replace(/\/+/g, '') !== '';
  } catch {
    return false;
  }
}
