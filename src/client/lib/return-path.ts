// After signing in, a person lands on the page they asked for (issue 28, item 16): a protected page
// sends a visitor to /auth?next=<that page>, and the sign-in sends them back. Only a path of this
// site is followed; anything else (another origin, the sign-in pages themselves) reads as none.

const SIGN_IN_PAGES = ['/auth', '/login', '/register'];

/** The page to return to after signing in, from a `next` parameter, or null. */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'https://finishline.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://finishline.invalid' || SIGN_IN_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a visitor goes to sign in on their way to `page` ('/auth?next=%2Fprojects'); `base` is /auth or /login. */
export function signInPath(page: { pathname: string; search?: string }, base: '/auth' | '/login' = '/auth'): string {
  return signInPathTo(`${page.pathname}${page.search ?? ''}`, base);
}

/** The same from a `next` value already in hand (/login passing it on to /auth). */
export function signInPathTo(nextPage: string | null, base: '/auth' | '/login' = '/auth'): string {
  const next = safeReturnPath(nextPage);
  return next ? `${base}?${new URLSearchParams({ next }).toString()}` : base;
}
