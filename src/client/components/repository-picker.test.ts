import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Repository } from '#shared/contracts/repositories.js';
import { noRepositoryChoice, type RepositoryChoice } from '#client/lib/repository-rules.js';
import { RepositoryPicker } from './repository-picker.js';

const repositories: Repository[] = [
  { id: 7, provider: 'github', fullName: 'maya/ledger', url: 'https://github.com/maya/ledger', private: true },
  { id: 8, provider: 'sandbox', fullName: 'maya/notes', url: 'http://localhost/git/maya/notes', private: false },
];

const render = (choice: RepositoryChoice, offered: Repository[] | undefined = repositories) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(RepositoryPicker, { idPrefix: 'project', repositories: offered, choice, onChange: () => {} })),
  );

describe('RepositoryPicker', () => {
  it('is a labelled select, with no choices shown while no repository is chosen', () => {
    const markup = render(noRepositoryChoice);
    expect(markup).toContain('for="project-repository"');
    expect(markup).toContain('id="project-repository"');
    expect(markup).toContain('No repository');
    expect(markup).not.toContain('type="checkbox"');
  });

  it('shows the chosen repository with its provider and privacy, and both choices, checked by default', () => {
    const markup = render({ ...noRepositoryChoice, repositoryId: 7 });
    expect(markup).toContain('maya/ledger (GitHub, private)');
    expect(markup).toContain('Give the developer push access once the deal is paid');
    expect(markup).toContain('Merging the delivered pull request accepts the delivery');
    expect(markup.match(/type="checkbox" [^>]*checked=""/g)).toHaveLength(2);
  });

  it('gives a short hint, and a disabled select, when there is nothing to connect', () => {
    const markup = render(noRepositoryChoice, []);
    expect(markup).toContain('No repositories to connect yet.');
    expect(markup).toContain('disabled=""');
    expect(markup).toContain('href="/sandbox/git"');
  });

  it('links to the sandbox git page beside sandbox repositories, not beside GitHub ones alone', () => {
    expect(render(noRepositoryChoice)).toContain('>Create a sandbox repository</a>');
    expect(render(noRepositoryChoice, [repositories[0]!])).not.toContain('Create a sandbox repository');
    // While the list loads, nothing is known yet.
    const loading = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(RepositoryPicker, { idPrefix: 'p', repositories: undefined, choice: noRepositoryChoice, onChange: () => {} }),
      ),
    );
    expect(loading).not.toContain('Create a sandbox repository');
  });

  it('offers "Link GitHub" to the GitHub sign-in only when told to (GitHub host, not linked), and nothing otherwise', () => {
    const href = '/api/github/authorize?returnTo=%2Fdashboard';
    const linked = renderToStaticMarkup(
      createElement(RepositoryPicker, { idPrefix: 'project', repositories, choice: noRepositoryChoice, onChange: () => {}, linkGithubHref: href }),
    );
    expect(linked).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    expect(linked).toContain('Link GitHub');
    expect(render(noRepositoryChoice)).not.toContain('Link GitHub');
  });
});
