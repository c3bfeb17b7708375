/**
 * A project as the list endpoint (GET /api/projects, spec section 7) answers it. The server side
 * of that endpoint is another issue; until it lands this is the client's reading of the spec.
 */
export interface ProjectSummary {
  id: number;
  name: string;
  description: string;
  techStack: string[];
  createdAt: string;
  status: string;
  /** Whole dollars, or null when the submitter gave none. */
  budget: number | string | null;
  submitter?: { username: string; rating?: number | null } | null;
}
