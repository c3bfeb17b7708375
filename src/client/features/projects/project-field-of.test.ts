import { describe, expect, it } from 'vitest';
import { updateProjectSchema } from '#shared/contracts/projects.schemas.js';
import { projectFieldOf } from './project-field-of.js';

const messageOf = (body: unknown) => {
  const result = updateProjectSchema.safeParse(body);
  if (result.success) throw new Error('expected a refusal');
  return { field: String(result.error.issues[0]!.path[0]), message: result.error.issues[0]!.message };
};

describe('projectFieldOf', () => {
  it.each([
    { name: 'abc' },
    { description: 'too short' },
    { techStack: [] },
    { codeLink: 'not a link' },
    { budget: -5 },
    { budget: 1.5 },
    { timeframe: 'x'.repeat(500) },
    { acceptanceCriteria: ['tiny'] },
    { acceptanceCriteria: ['Same criterion', 'same criterion'] },
    { acceptanceCriteria: Array.from({ length: 21 }, (_, index) => `Criterion number ${index}`) },
  ])('finds the field the shared schema refused in %o', (body) => {
    const { field, message } = messageOf(body);
    expect(projectFieldOf(message)).toBe(field);
  });

  it('leaves a refusal of the whole project to the form', () => {
    expect(projectFieldOf('Only a project open for bids can be edited')).toBeNull();
    expect(projectFieldOf('Only the project owner can edit this project')).toBeNull();
  });
});
