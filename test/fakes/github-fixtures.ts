import type { HostUser, RepositoryRef } from '#server/integrations/repositories/repository-host.js';
import type { FakeGithub } from './github-api.js';

/**
 * One small GitHub world for the adapter's tests: the app installed on the organisation acme
 * (shop: olivia administers it, walt can write; blog: olivia can write) and on olivia's own
 * account (tool: she administers it).
 */
export function seedGithubWorld(fake: FakeGithub) {
  fake.addInstallation({ id: 7, account: { login: 'acme', id: 500, type: 'Organization' }, repositoryIds: [] });
  fake.addInstallation({ id: 8, account: { login: 'olivia', id: 11, type: 'User' }, repositoryIds: [] });
  const acme = { login: 'acme', id: 500, type: 'Organization' as const };
  fake.addRepository(
    { id: 101, full_name: 'acme/shop', private: true, default_branch: 'main', owner: acme },
    { installationId: 7, branches: { main: 'a'.repeat(40) } },
  );
  fake.addRepository({ id: 102, full_name: 'acme/blog', private: false, default_branch: 'trunk', owner: acme }, { installationId: 7 });
  fake.addRepository(
    { id: 201, full_name: 'olivia/tool', private: false, default_branch: 'main', owner: { login: 'olivia', id: 11, type: 'User' } },
    { installationId: 8 },
  );
  fake.addUser({ login: 'olivia', id: 11, token: 'ghu_olivia' }, { 'acme/shop': 'admin', 'acme/blog': 'write', 'olivia/tool': 'admin' });
  fake.addUser({ login: 'walt', id: 12, token: 'ghu_walt' }, { 'acme/shop': 'write' });
  fake.addUser({ login: 'devon', id: 13, token: 'ghu_devon' });
}

export const githubUser = (login: string, id: number, token: string | null = `ghu_${login}`): HostUser => ({
  userId: id,
  username: login,
  github: { login, id, token },
});

export const shopRef: RepositoryRef = { provider: 'github', externalId: '101', fullName: 'acme/shop', installationId: 7 };
