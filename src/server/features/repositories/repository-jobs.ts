import type { JobKind } from '#server/jobs/job-queue.js';
import { intakeJobKind } from './intake-job.js';
import { postCheckJobKind, refreshPullRequestJobKind } from './pull-requests.js';
import { syncAccessJobKind } from './repository-access.js';

/** The repositories feature's durable jobs, all in the repositories lane (repository-lanes.ts). */
export const repositoryJobKinds: readonly JobKind[] = [intakeJobKind, syncAccessJobKind, postCheckJobKind, refreshPullRequestJobKind];
