import type { FeaturedProject } from './featured-project.js';

const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString();

/** Shown on the home page when the project list is empty or cannot be loaded (spec: 3 static samples). */
export function sampleProjects(): FeaturedProject[] {
  return [
    {
      id: 1,
      name: 'Recipe sharing app',
      description:
        'A React Native app for saving and sharing family recipes. Authentication and the recipe editor work; offline sync and image uploads still need finishing.',
      techStack: ['React Native', 'Firebase', 'TypeScript'],
      createdAt: daysAgo(2),
      status: 'open',
      budgetCents: 150_000,
      submitter: { username: 'maya', rating: 4.8 },
    },
    {
      id: 2,
      name: 'Inventory dashboard',
      description:
        'An internal dashboard for a small warehouse. The API is done; the charts, CSV export and role-based access in the front end are half built.',
      techStack: ['Vue.js', 'Node.js', 'PostgreSQL'],
      createdAt: daysAgo(5),
      status: 'open',
      budgetCents: 280_000,
      submitter: { username: 'jonas', rating: 4.6 },
    },
    {
      id: 3,
      name: 'Podcast landing page',
      description: 'A static site for a weekly podcast with an episode feed and newsletter signup. Needs the RSS import, a player and deployment.',
      techStack: ['Next.js', 'Tailwind CSS'],
      createdAt: daysAgo(9),
      status: 'in_progress',
      budgetCents: 60_000,
      submitter: { username: 'priya', rating: 4.9 },
    },
  ];
}
