import type { Project } from '#shared/contracts/projects.js';

/**
 * The part of a project a featured card reads. A shared Project fits it; the home page's static
 * samples fill in only these fields.
 */
export type FeaturedProject = Pick<Project, 'id' | 'name' | 'description' | 'techStack' | 'createdAt' | 'status' | 'budgetCents'> & {
  /** A real project's client, whose public profile the card links; the samples have none. */
  submitterId?: number;
  submitter?: { username: string; rating?: number | null } | null;
};
