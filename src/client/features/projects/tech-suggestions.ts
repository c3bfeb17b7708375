import { projectLimits, sameTechnology } from '#shared/domain/limits.js';
import { languageOptions } from '#client/lib/language-options.js';

/** The hosting platform that stands in for the spec's {host} placeholder. */
const HOSTING_PLATFORM = 'Vercel';

/** Spec section 3, "Tech stack suggestion list", in the spec's order. */
export const techSuggestions: readonly string[] = [
  'React',
  'Angular',
  'Vue.js',
  'Node.js',
  'Express',
  'Django',
  'Flask',
  'Ruby on Rails',
  'PHP',
  'Laravel',
  HOSTING_PLATFORM,
  'Java',
  'Spring',
  'Python',
  'JavaScript',
  'TypeScript',
  'HTML/CSS',
  'Tailwind CSS',
  'Bootstrap',
  'Material UI',
  'MongoDB',
  'PostgreSQL',
  'MySQL',
  'SQLite',
  'Firebase',
  'AWS',
  'Azure',
  'Google Cloud',
  'Docker',
  'Kubernetes',
  'GraphQL',
  'REST API',
  'WebSockets',
  'Redux',
  'MobX',
  'Next.js',
  'Gatsby',
  'Svelte',
  'Flutter',
  'React Native',
];

/**
 * What the picker suggests: the spec's list, then the programming languages the directory filters
 * on that it lacks (Go, Rust, Swift, Kotlin...). Any other technology can be typed (issue 16).
 */
export const technologySuggestions: readonly string[] = [
  ...techSuggestions,
  ...languageOptions.map((option) => option.label).filter((label) => !techSuggestions.some((tech) => sameTechnology(tech, label))),
];

/** Adds a technology once: trimmed, and duplicates (in any letter case) are ignored (spec section 5). */
export function addTechnology(list: readonly string[], technology: string): string[] {
  const value = technology.trim().slice(0, projectLimits.technologyMax);
  return !value || list.some((item) => sameTechnology(item, value)) ? [...list] : [...list, value];
}

/** The suggestions not chosen yet that contain what was typed, those that start with it first. */
export function matchingSuggestions(chosen: readonly string[], typed: string): string[] {
  const query = typed.trim().toLowerCase();
  const open = technologySuggestions.filter((tech) => !chosen.some((item) => sameTechnology(item, tech)) && tech.toLowerCase().includes(query));
  return query ? [...open.filter((tech) => tech.toLowerCase().startsWith(query)), ...open.filter((tech) => !tech.toLowerCase().startsWith(query))] : open;
}
