import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { Db } from '#server/db/client.js';
import { sandboxGitTokens } from '#server/db/schema/repositories.js';
import { users } from '#server/db/schema/users.js';

/** Who git over HTTP runs as on the sandbox host. */
export interface SandboxUser {
  id: number;
  username: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Personal tokens for git over HTTP: shown once, only their sha256 kept, sent as Basic `username:token`. */
export function createSandboxTokens(db: Db) {
  return {
    async createToken(userId: number): Promise<{ username: string; token: string }> {
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('NOT_FOUND', 'This user does not exist');
      const token = `flg_${randomBytes(24).toString('base64url')}`;
      await db.insert(sandboxGitTokens).values({ userId, tokenHash: sha256(token) });
      return { username: user.username, token };
    },

    async authenticate(authorization: string | undefined): Promise<SandboxUser | null> {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
      if (!match) return null;
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon <= 0) return null;
      const username = decoded.slice(0, colon);
      const [found] = await db
        .select({ tokenId: sandboxGitTokens.id, id: users.id, username: users.username })
        .from(sandboxGitTokens)
        .innerJoin(users, eq(users.id, sandboxGitTokens.userId))
        .where(and(eq(sandboxGitTokens.tokenHash, sha256(decoded.slice(colon + 1))), isNull(sandboxGitTokens.revokedAt)))
        .limit(1);
      // The token names its user: the username must be theirs (any case), so a token works only as itself.
      if (!found || found.username.toLowerCase() !== username.toLowerCase()) return null;
      await db.update(sandboxGitTokens).set({ lastUsedAt: new Date() }).where(eq(sandboxGitTokens.id, found.tokenId));
      return { id: found.id, username: found.username };
    },
  };
}
