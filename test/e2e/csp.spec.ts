// The built app runs under its Content-Security-Policy with no violation: every screen of both
// roles and the sandbox's hosted pages are opened with a recorder of `securitypolicyviolation`
// events and of the console's CSP reports, and the document itself must carry the policy.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { apiPost, confirmEmailFromMail, newApiUser } from './helpers.js';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Records every CSP violation of the context's pages, from the first script of each document on. */
async function recordViolations(context: BrowserContext, into: Violation[]) {
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: Omit<Violation, 'page'>) => {
    into.push({ page: page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
      report({ directive: event.violatedDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      into.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: message.text(), source: '' });
    }
  });
}

/** The provider's hosted pages answer with absolute URLs; the test opens them on its own server. */
function pathOf(url: string) {
  const parsed = new URL(url, 'http://placeholder');
  return parsed.pathname + parsed.search;
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], `the policy on ${path}`).toContain("script-src 'self'");
  await page.waitForLoadState('networkidle');
}

test('every screen runs under the Content-Security-Policy without a violation', async ({ browser }) => {
  test.setTimeout(120_000);
  const violations: Violation[] = [];
  const owner = await newApiUser(browser, 'cspowner', 'creator');
  const finisher = await newApiUser(browser, 'cspfinisher', 'developer');
  // Payout setup (below) needs a confirmed address (decision 036).
  await confirmEmailFromMail(finisher.page, finisher.account.email);
  const visitorContext = await browser.newContext();
  for (const context of [owner.page.context(), finisher.page.context(), visitorContext]) await recordViolations(context, violations);

  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name: 'Policy-checked storefront',
    description: 'A half-built storefront whose checkout and order emails still need to be finished by someone.',
    techStack: ['React'],
    codeLink: 'https://github.com/finishline-demo/storefront',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 1200,
    timeline: 10,
    message: 'I have finished three storefronts like this one and can start this week.',
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  await apiPost(owner.page, `/api/bids/${bid.id}/messages`, { content: 'Welcome aboard.' });
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(owner.page, `/api/bids/${bid.id}/pay`, { accept: true });
  const { url: onboardingUrl } = await apiPost<{ url: string }>(finisher.page, '/api/stripe/create-connect-account', {
    userId: finisher.id,
    email: finisher.account.email,
  });

  const visitor = await visitorContext.newPage();
  for (const path of [
    '/',
    '/auth',
    '/auth?tab=register',
    '/developers',
    `/developers/${finisher.account.username}`,
    `/projects/${project.id}`,
    // The page of an emailed unsubscribe link (a token of the right shape; the page only reads it).
    `/email/unsubscribe?token=${owner.id}.bidUpdates.${'a'.repeat(43)}`,
    // The page of an emailed confirmation link, which confirms as it opens (here an unknown token).
    `/verify-email?token=${'b'.repeat(43)}`,
    '/no-such-page',
  ]) {
    await open(visitor, path);
  }
  for (const path of [
    '/dashboard',
    '/projects',
    `/projects/${project.id}`,
    `/projects/${project.id}?tab=milestones`,
    '/submit-project',
    '/my-projects',
    '/profile',
    '/messages',
    `/chat/${bid.id}`,
    '/notifications',
    '/test-notifications',
    `/payment/bid/${bid.id}`,
    pathOf(checkoutUrl),
  ]) {
    await open(owner.page, path);
  }
  for (const path of ['/dashboard', `/projects/${project.id}`, '/profile', `/chat/${bid.id}`, pathOf(onboardingUrl)]) {
    await open(finisher.page, path);
  }

  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  for (const context of [owner.page.context(), finisher.page.context(), visitorContext]) await context.close();
});
