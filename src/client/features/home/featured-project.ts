import type { Project } from '#shared/contracts/projects.js';

/**
 * The part of a project a featured card reads. A shared Project fits it; the home page's static
 * samples fill in only these fields.
 */
export type FeaturedProject = Pick<Project, 'id' | 'name' | 'description' | 'techStack' | 'createdAt' | 'status' | 'budgetCents'> & {
  submitter?: { username: string; rating?: number | null } | null;
};
