import { defineEndpoints } from './endpoint.js';
import { idParamsSchema } from './projects.schemas.js';
import { statementOfWorkSchema } from './scope.schemas.js';

export type * from './scope.schemas.js';

/** The agreed scope of a deal (issue 18): what both parties signed up to when the bid was accepted. */
export const scopeEndpoints = defineEndpoints('scope', {
  statement: {
    method: 'GET',
    path: '/api/projects/:id/scope',
    summary: 'The frozen statement of work of a project (its two parties), null before any',
    description:
      "The acceptance criteria with the accepted bid's answers, amount, timeline and included revisions, as they were when the bid was accepted. A project without one (no bid accepted yet, or a deal from before statements of work) answers null, as a project's payment does before any.",
    params: idParamsSchema,
    response: statementOfWorkSchema.nullable(),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  },
});
