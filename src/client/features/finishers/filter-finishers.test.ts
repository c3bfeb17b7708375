import { describe, expect, it } from 'vitest';
import { directorySkillOptions } from '#client/lib/language-options.js';
import { filterFinishers as filterDevelopers } from './filter-finishers.js';

const dev = (name: string, skills: string[], onboardingComplete: boolean) => ({ name, skills, onboardingComplete });
const developers = [dev('devon', ['typescript', 'Go'], true), dev('sam', ['kotlin', 'swift'], false), dev('lena', ['python'], true), dev('new', [], false)];
const names = (list: { name: string }[]) => list.map((d) => d.name);

describe('directory filtering (spec section 5)', () => {
  it('keeps everyone when no skill is selected and availability is all', () => {
    expect(names(filterDevelopers(developers, { skills: [], availability: 'all' }))).toEqual(['devon', 'sam', 'lena', 'new']);
  });

  it('matches at least one selected skill, case-insensitively', () => {
    expect(names(filterDevelopers(developers, { skills: ['go', 'swift'], availability: 'all' }))).toEqual(['devon', 'sam']);
    expect(names(filterDevelopers(developers, { skills: ['PYTHON'], availability: 'all' }))).toEqual(['lena']);
  });

  it('combines skills with availability (onboardingComplete means available)', () => {
    expect(names(filterDevelopers(developers, { skills: [], availability: 'available' }))).toEqual(['devon', 'lena']);
    expect(names(filterDevelopers(developers, { skills: [], availability: 'not-available' }))).toEqual(['sam', 'new']);
    expect(names(filterDevelopers(developers, { skills: ['typescript', 'kotlin'], availability: 'not-available' }))).toEqual(['sam']);
  });

  it('offers the first twelve language labels without Dart, in the spec order', () => {
    expect(directorySkillOptions.map((o) => o.label)).toEqual([
      'JavaScript',
      'TypeScript',
      'Python',
      'Java',
      'C#',
      'C++',
      'PHP',
      'Ruby',
      'Go',
      'Swift',
      'Kotlin',
      'Rust',
    ]);
  });
});
