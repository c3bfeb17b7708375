import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DealPullRequest } from '#shared/contracts/repositories.js';
import { MergePullRequestButton } from './merge-pull-request-button.js';
import { PullRequestCard } from './pull-request-card.js';

const pullRequest = (overrides: Partial<DealPullRequest> = {}): DealPullRequest => ({
  number: 42,
  title: 'Finish the checkout',
  state: 'open',
  headSha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
  commits: 5,
  additions: 1200,
  deletions: 14,
  changedFiles: 9,
  checks: [
    { name: 'Finishline', state: 'success' },
    { name: 'ci / test', state: 'failure' },
    { name: 'lint', state: 'pending' },
    { name: 'deploy preview', state: 'neutral' },
  ],
  url: 'https://github.com/maya/ledger/pull/42',
  files: [{ path: 'src/checkout.ts', additions: 120, deletions: 4, status: 'modified' }],
  mergedAt: null,
  acceptedByMerge: false,
  ...overrides,
});

const render = (value: DealPullRequest, showFiles = false) => renderToStaticMarkup(createElement(PullRequestCard, { pullRequest: value, showFiles }));
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('PullRequestCard', () => {
  it('links the title and number to the pull request and gives its figures', () => {
    const markup = render(pullRequest());
    const words = text(markup);
    expect(markup).toContain('href="https://github.com/maya/ledger/pull/42"');
    expect(words).toContain('Finish the checkout #42');
    expect(words).toContain('Open');
    expect(words).toContain('Head commit a1b2c3d · 5 commits');
    expect(words).toContain('+1,200 \u221214');
    expect(words).toContain('1,200 lines added, 14 removed');
    expect(words).toContain('9 files changed');
    expect(words).not.toContain('Accepted by merging');
  });

  it('names each check’s state in words, not by colour alone', () => {
    const words = text(render(pullRequest()));
    expect(words).toContain('Finishline: Passed');
    expect(words).toContain('ci / test: Failed');
    expect(words).toContain('lint: Pending');
    expect(words).toContain('deploy preview: Neutral');
    expect(text(render(pullRequest({ checks: [] })))).toContain('No checks reported.');
  });

  it('reads a merge that accepted the delivery, and a pull request closed without merging', () => {
    const merged = text(render(pullRequest({ state: 'merged', mergedAt: '2026-11-26T10:00:00.000Z', acceptedByMerge: true })));
    expect(merged).toContain('Merged');
    expect(merged).toContain('Accepted by merging the pull request');
    expect(text(render(pullRequest({ state: 'closed' })))).toContain('Closed without merging');
  });

  it('lists the files changed only where asked (the dispute record)', () => {
    expect(text(render(pullRequest()))).not.toContain('src/checkout.ts');
    const words = text(render(pullRequest(), true));
    expect(words).toContain('Files changed (1)');
    expect(words).toContain('src/checkout.ts (modified, +120 \u22124)');
  });

  it('carries the owner’s merge control when one is given, and none otherwise', () => {
    expect(render(pullRequest())).not.toContain('Merge pull request');
    const merge = createElement(MergePullRequestButton, { mergeAcceptsDelivery: true, isPending: false, onMerge: () => {} });
    const markup = renderToStaticMarkup(createElement(PullRequestCard, { pullRequest: pullRequest(), action: merge }));
    expect(text(markup)).toContain('Merge pull request');
    // With merge = accept, the button opens the confirmation rather than merging at once.
    expect(markup).toContain('aria-haspopup="dialog"');
    const direct = renderToStaticMarkup(createElement(MergePullRequestButton, { mergeAcceptsDelivery: false, isPending: false, onMerge: () => {} }));
    expect(direct).toContain('Merge pull request');
    expect(direct).not.toContain('aria-haspopup');
  });
});
