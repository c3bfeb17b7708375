import type { Browser } from '@playwright/test';
import { apiPost, newApiUser } from './helpers.js';

// The deal the deal clock's and the disputes' browser tests start from.

/** A fresh owner and finisher with a $1,000 deal paid through the sandbox checkout and delivered. */
export async function paidDeliveredDeal(browser: Browser, who: { owner: string; finisher: string; project: string }) {
  const owner = await newApiUser(browser, who.owner, 'creator');
  const finisher = await newApiUser(browser, who.finisher, 'developer');
  const name = `${who.project} ${Date.now().toString(36)}`;
  const project = await apiPost<{ id: number }>(owner.page, '/api/projects', {
    name,
    description: 'A half-built invoicing tool: the invoices work, the CSV export and the reminders still need to be finished.',
    techStack: ['React', 'TypeScript'],
    codeLink: 'https://github.com/finishline-demo/invoicing',
  });
  const bid = await apiPost<{ id: number }>(finisher.page, `/api/projects/${project.id}/bids`, {
    amount: 1000,
    timeline: 14,
    message: 'I will finish the CSV export and the reminders within two weeks.',
  });
  await apiPost(owner.page, `/api/bids/${bid.id}/accept`);
  const { checkoutUrl } = await apiPost<{ checkoutUrl: string }>(owner.page, `/api/bids/${bid.id}/pay`);
  await owner.page.goto(checkoutUrl);
  await owner.page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await owner.page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await owner.page.getByLabel('CVC').fill('123');
  await owner.page.getByRole('button', { name: 'Pay $1,000' }).click();
  await owner.page.waitForURL(new RegExp(`/projects/${project.id}\\?payment=success$`));
  await apiPost(finisher.page, `/api/projects/${project.id}/complete`, { deliveryMessage: 'The CSV export and the reminders are done; see the README.' });
  return { owner, finisher, projectId: project.id, name, url: `/projects/${project.id}` };
}
