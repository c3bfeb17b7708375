import type { CreateSandboxPullBody, CreateSandboxRepositoryBody, SetSandboxCheckBody } from '#shared/contracts/sandbox-git.js';
import { AppError } from '#server/app-error.js';
import type { RepositoryRow } from '#server/db/schema/repositories.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { SandboxGitHost, SandboxUser } from '#server/integrations/repositories/sandbox-host.js';

/**
 * The sandbox git host's API: who may create, open, merge and check what. A private repository the
 * caller cannot read answers 404 (as GitHub does), so its existence does not leak.
 */
const asSandboxUser = (user: UserRow): SandboxUser => ({ id: user.id, username: user.username });

async function findReadable(host: SandboxGitHost, actor: UserRow, repositoryId: number): Promise<RepositoryRow> {
  const repository = await host.findById(repositoryId);
  if (!repository || !(await host.canRead(asSandboxUser(actor), repository))) throw new AppError('NOT_FOUND', 'This repository does not exist');
  return repository;
}

async function findOwned(host: SandboxGitHost, actor: UserRow, repositoryId: number): Promise<RepositoryRow> {
  const repository = await findReadable(host, actor, repositoryId);
  if (repository.ownerUserId !== actor.id) throw new AppError('FORBIDDEN', "Only the repository's owner can do this");
  return repository;
}

export async function createSandboxRepository(host: SandboxGitHost, actor: UserRow, body: CreateSandboxRepositoryBody) {
  if (await host.findByName(actor.username, body.name)) throw new AppError('CONFLICT', `You already have a repository named ${body.name}`);
  const row = await host.createRepository(asSandboxUser(actor), body.name, body.private ?? false);
  return { id: row.id, fullName: row.fullName, cloneUrl: row.cloneUrl };
}

export function createSandboxToken(host: SandboxGitHost, actor: UserRow) {
  return host.createToken(actor.id);
}

export async function openSandboxPull(host: SandboxGitHost, actor: UserRow, repositoryId: number, body: CreateSandboxPullBody) {
  const repository = await findReadable(host, actor, repositoryId);
  if (!(await host.canPush(asSandboxUser(actor), repository))) {
    throw new AppError('FORBIDDEN', 'Only the owner, or a finisher with access on a deal, can open a pull request here');
  }
  return host.createPull({ repositoryId, head: body.head, base: body.base, title: body.title, authorId: actor.id });
}

export async function mergeSandboxPull(host: SandboxGitHost, actor: UserRow, repositoryId: number, number: number) {
  await findOwned(host, actor, repositoryId);
  return host.mergePull(repositoryId, number, asSandboxUser(actor));
}

export async function setSandboxCheck(host: SandboxGitHost, actor: UserRow, repositoryId: number, number: number, body: SetSandboxCheckBody) {
  await findOwned(host, actor, repositoryId);
  await host.setCheck(repositoryId, number, body);
  return { name: body.name, state: body.state };
}
