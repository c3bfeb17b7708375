import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.js';
import { createUser, signIn } from './factories.js';
import { client } from './http.js';

/**
 * The callers every permission test needs: a project owner, another submitter, two finishers
 * (one who bids, one who does not) and a visitor.
 */
export async function createCast(app: FastifyInstance, db: Db) {
  const owner = await createUser(db, { role: 'submitter' });
  const otherSubmitter = await createUser(db, { role: 'submitter' });
  const finisher = await createUser(db, { role: 'finisher' });
  const otherFinisher = await createUser(db, { role: 'finisher' });
  return {
    owner: { user: owner, api: client(app, await signIn(app, owner.email)) },
    otherSubmitter: { user: otherSubmitter, api: client(app, await signIn(app, otherSubmitter.email)) },
    finisher: { user: finisher, api: client(app, await signIn(app, finisher.email)) },
    otherFinisher: { user: otherFinisher, api: client(app, await signIn(app, otherFinisher.email)) },
    visitor: { api: client(app) },
  };
}

export type Cast = Awaited<ReturnType<typeof createCast>>;
