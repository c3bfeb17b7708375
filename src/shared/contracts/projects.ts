import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
import {
  projectSchema,
  projectDetailSchema,
  createProjectSchema,
  updateProjectStatusSchema,
  updateProjectSchema,
  completeProjectSchema,
  deliverPullRequestSchema,
  reviewWorkSchema,
  listProjectsQuerySchema,
  technologiesSchema,
  idParamsSchema,
  totalSpendingSchema,
} from './projects.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './projects.schemas.js';

/** Projects: browsing, posting, and the owner's and finisher's steps through the deal. */
export const projectEndpoints = defineEndpoints('projects', {
  list: {
    method: 'GET',
    path: '/api/projects',
    session: 'optional',
    summary: 'Browse projects, newest first',
    description:
      'Open projects for everyone (paged through the Link rel="next" header); q searches name, description and technologies, tech filters by technology.',
    query: listProjectsQuerySchema,
    response: z.array(projectSchema),
    errors: [],
  },
  technologies: {
    method: 'GET',
    path: '/api/technologies',
    session: 'none',
    summary: 'Every technology used by a listed project',
    response: technologiesSchema,
    errors: [],
  },
  detail: {
    method: 'GET',
    path: '/api/projects/:id',
    session: 'optional',
    summary: 'One project with its bids',
    description: "Bid amounts, timelines and messages are shown only to the owner and to the bid's own finisher.",
    params: idParamsSchema,
    response: projectDetailSchema,
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/projects',
    summary: 'Submit a project',
    description: 'multipart/form-data with projectData (JSON text of the fields) and an optional image file, or a JSON body of the fields.',
    body: createProjectSchema,
    bodyFormat: 'multipart',
    status: 201,
    response: projectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  update: {
    method: 'PATCH',
    path: '/api/projects/:id',
    summary: 'Edit an open project: its fields and acceptance criteria (owner)',
    description:
      'Only while the project is open for bids. Sending acceptanceCriteria replaces the list: a criterion whose text is unchanged keeps its id (and the answers bids gave it).',
    params: idParamsSchema,
    body: updateProjectSchema,
    response: projectDetailSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  updateStatus: {
    method: 'PATCH',
    path: '/api/projects/:id/status',
    summary: 'Pause, reactivate or cancel a project (owner)',
    params: idParamsSchema,
    body: updateProjectStatusSchema,
    response: projectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  deliver: {
    method: 'POST',
    path: '/api/projects/:id/complete',
    summary: 'Deliver the work with a message and up to 10 files (assigned finisher)',
    description:
      'JSON, or multipart/form-data with `deliveryMessage`, `evidence` (the JSON array, as text) and up to 10 `files` (images, PDF, plain text or zip, each at most 10 MB, checked by their bytes). The files are listed in the deal history and carried into a dispute.',
    params: idParamsSchema,
    body: completeProjectSchema,
    bodyFormat: 'multipart',
    response: projectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  },
  deliverPullRequest: {
    method: 'POST',
    path: '/api/projects/:id/pull-requests',
    summary: 'Deliver the work by naming a pull request on the connected repository (assigned finisher)',
    description:
      "The pull request's title, state, commits, files and checks join the deal; Finishline posts its own check on it. When the project says so, the owner's merge accepts the delivery.",
    params: idParamsSchema,
    body: deliverPullRequestSchema,
    response: projectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'VALIDATION_FAILED', 'SERVICE_UNAVAILABLE'],
  },
  review: {
    method: 'POST',
    path: '/api/projects/:id/accept',
    summary: 'Accept the delivered work or request a revision (owner)',
    params: idParamsSchema,
    body: reviewWorkSchema,
    response: projectSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
  },
  ofUser: {
    method: 'GET',
    path: '/api/users/:id/projects',
    summary: "The signed-in user's own projects, posted or assigned",
    params: idParamsSchema,
    response: z.array(projectSchema),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
  totalSpending: {
    method: 'GET',
    path: '/api/users/:id/total-spending',
    summary: 'What an owner has paid so far, in whole dollars',
    params: idParamsSchema,
    response: totalSpendingSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  },
});
