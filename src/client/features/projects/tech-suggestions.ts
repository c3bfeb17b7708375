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

/** Adds a technology once: duplicates are ignored (spec section 5). */
export function addTechnology(list: readonly string[], technology: string): string[] {
  const value = technology.trim();
  return !value || list.includes(value) ? [...list] : [...list, value];
}
