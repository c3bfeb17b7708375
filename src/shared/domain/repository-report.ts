/**
 * The intake report of a connected repository (issue 29, docs/decisions/055): what Finishline
 * read on its default branch, without running anything from it. The shape is the one
 * `GET /api/projects/{id}/repository-report` answers; the limits are the safety rules.
 */

export const repositoryReportStatuses = ['pending', 'ready', 'partial', 'failed'] as const;

export const repositoryProviders = ['github', 'sandbox'] as const;
export type RepositoryProvider = (typeof repositoryProviders)[number];

export interface ReportLanguage {
  name: string;
  /** Lines of code (linguist's `code` lines: blank lines and comments left out). */
  lines: number;
  /** lines / all languages' lines, in percent, one decimal. */
  share: number;
}

export interface ReportManifest {
  /** Its path in the repository: `package.json`, `api/requirements.txt`. */
  path: string;
  dependencies: number;
  /** A lockfile sits beside it (package-lock.json, poetry.lock, go.sum ...). */
  lockfile: boolean;
}

/** The figures of a report: everything the job measured. */
export interface RepositoryReportFigures {
  languages: ReportLanguage[];
  linesOfCode: number;
  files: number;
  testFiles: number;
  testFrameworks: string[];
  ci: string[];
  manifests: ReportManifest[];
  readme: boolean;
  license: boolean;
  /** TODO, FIXME and XXX per thousand lines of code, one decimal. */
  todoPerKloc: number;
  lastCommitAt: string | null;
  commits: number;
  contributors: number;
}

/** What the intake read: its figures, what it left out or could not read, and whether it stopped at a limit. */
export interface IntakeResult {
  figures: RepositoryReportFigures;
  problems: string[];
  partial: boolean;
}

/** The limits the intake keeps to; tests hand smaller ones. */
export interface IntakeLimits {
  /** Files read before the report stops as partial. */
  maxFiles: number;
  /** Bytes of blobs read before the report stops as partial. */
  maxTotalBytes: number;
  /** A file larger than this is counted, never read as text. */
  maxFileBytes: number;
  /** Problems listed at most (the rest are summed up in one line). */
  maxProblems: number;
}

export const intakeLimits: IntakeLimits = {
  maxFiles: 50_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxFileBytes: 2 * 1024 * 1024,
  maxProblems: 20,
};

export const emptyReportFigures = (): RepositoryReportFigures => ({
  languages: [],
  linesOfCode: 0,
  files: 0,
  testFiles: 0,
  testFrameworks: [],
  ci: [],
  manifests: [],
  readme: false,
  license: false,
  todoPerKloc: 0,
  lastCommitAt: null,
  commits: 0,
  contributors: 0,
});

/** The durable job that writes a repository's intake report (the demo data queues it too). */
export const INTAKE_JOB_KIND = 'repositories.intake';
