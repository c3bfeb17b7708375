// The full schema object handed to Drizzle; each aggregate keeps its own file under schema/.
import * as bids from './schema/bids.js';
import * as conversations from './schema/conversations.js';
import * as milestones from './schema/milestones.js';
import * as notifications from './schema/notifications.js';
import * as payments from './schema/payments.js';
import * as projects from './schema/projects.js';
import * as reviews from './schema/reviews.js';
import * as users from './schema/users.js';

export const schema = { ...users, ...projects, ...bids, ...payments, ...conversations, ...milestones, ...notifications, ...reviews };
export type Schema = typeof schema;
