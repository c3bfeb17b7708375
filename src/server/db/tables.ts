// The full schema object handed to Drizzle; each aggregate keeps its own file under schema/.
import * as bids from '#server/db/schema/bids.js';
import * as changeOrders from '#server/db/schema/change-orders.js';
import * as conversations from '#server/db/schema/conversations.js';
import * as deal from '#server/db/schema/deal.js';
import * as developerRecords from '#server/db/schema/developer-records.js';
import * as disputes from '#server/db/schema/disputes.js';
import * as email from '#server/db/schema/email.js';
import * as invitations from '#server/db/schema/invitations.js';
import * as savedSearches from '#server/db/schema/saved-searches.js';
import * as jobs from '#server/db/schema/jobs.js';
import * as milestones from '#server/db/schema/milestones.js';
import * as notifications from '#server/db/schema/notifications.js';
import * as payments from '#server/db/schema/payments.js';
import * as projects from '#server/db/schema/projects.js';
import * as repositories from '#server/db/schema/repositories.js';
import * as repositoryDeals from '#server/db/schema/repository-deals.js';
import * as reviews from '#server/db/schema/reviews.js';
import * as users from '#server/db/schema/users.js';

export const schema = {
  ...users,
  ...projects,
  ...bids,
  ...payments,
  ...changeOrders,
  ...conversations,
  ...milestones,
  ...notifications,
  ...reviews,
  ...deal,
  ...email,
  ...disputes,
  ...jobs,
  ...repositories,
  ...repositoryDeals,
  ...invitations,
  ...savedSearches,
  ...developerRecords,
};
export type Schema = typeof schema;
