import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.js';
import { type NewProjectRow, projects } from '#server/db/schema/projects.js';
import { type NewUserRow, users } from '#server/db/schema/users.js';
import { hashPassword } from '#server/plugins/passwords.js';

export const TEST_PASSWORD = 'correct-horse';

let sequence = 0;
const next = () => `${process.pid}${++sequence}`;

let passwordHash: Promise<string> | undefined;

/**
 * Inserts a user (a submitter unless overridden) whose password is TEST_PASSWORD and whose email
 * is verified (pass `emailVerifiedAt: null` for one who has not opened the link yet).
 */
export async function createUser(db: Db, overrides: Partial<NewUserRow> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ username: `user${n}`, email: `user${n}@example.test`, passwordHash: await passwordHash, emailVerifiedAt: new Date(), ...overrides })
    .returning();
  return user!;
}

export async function createProject(db: Db, overrides: Partial<NewProjectRow> & { submitterId: number }) {
  const n = next();
  const [project] = await db
    .insert(projects)
    .values({
      name: `Project ${n}`,
      description: 'A half-built application that needs a finisher to wire up the remaining features.',
      techStack: ['React', 'Node.js'],
      codeLink: `https://github.com/example/project-${n}`,
      ...overrides,
    })
    .returning();
  return project!;
}

/** Signs a user in through the API and returns the Cookie header to send as them. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'fl_session');
  return `fl_session=${cookie!.value}`;
}
