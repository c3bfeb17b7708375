import type { ProjectFieldValues } from './project-fields.js';

type ProjectField = keyof ProjectFieldValues;

// The server answers a refused field as { code: 'VALIDATION_FAILED', message } with no path; its
// messages are those of the shared project schema, each of which names its field.
const fieldPatterns: [RegExp, ProjectField][] = [
  [/^Project name/i, 'name'],
  [/^Description/i, 'description'],
  [/technolog/i, 'techStack'],
  [/valid URL|^Links/i, 'codeLink'],
  [/^Budget/i, 'budget'],
  [/^Timeframe/i, 'timeframe'],
  [/acceptance criteri/i, 'acceptanceCriteria'],
];

/** The project form field a server validation message is about, or null for a message about the whole project. */
export function projectFieldOf(message: string): ProjectField | null {
  return fieldPatterns.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
