/**
 * The states of a durable job (docs/decisions/042-durable-jobs.md): `due` waits for its time,
 * `running` is claimed by an instance under a lease, `done` ran and committed its effect, `failed`
 * used up its attempts (its last error says why). The list builds the database enum and the API's schema.
 */
export const jobStates = ['due', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];
