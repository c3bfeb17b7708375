/** Spec section 3, Programming language options: the value stored in a user's skills, and its label. */
export const languageOptions = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'python', label: 'Python' },
  { value: 'java', label: 'Java' },
  { value: 'csharp', label: 'C#' },
  { value: 'cpp', label: 'C++' },
  { value: 'php', label: 'PHP' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'swift', label: 'Swift' },
  { value: 'kotlin', label: 'Kotlin' },
  { value: 'go', label: 'Go' },
  { value: 'rust', label: 'Rust' },
  { value: 'dart', label: 'Dart' },
] as const;

export type LanguageOption = (typeof languageOptions)[number];

const directoryOrder = ['javascript', 'typescript', 'python', 'java', 'csharp', 'cpp', 'php', 'ruby', 'go', 'swift', 'kotlin', 'rust'] as const;

/** The directory's Skills menu: the first twelve labels without Dart, in the spec's order (Go before Swift). */
export const directorySkillOptions: readonly LanguageOption[] = directoryOrder.map((value) => languageOptions.find((option) => option.value === value)!);

const labelByValue = new Map<string, string>(languageOptions.map((option) => [option.value, option.label]));

/** 'csharp' -> 'C#'; a skill outside the list (a framework, a free-text entry) reads as stored. */
export function languageLabel(skill: string): string {
  return labelByValue.get(skill.toLowerCase()) ?? skill;
}

export function isLanguageOption(skill: string): boolean {
  return labelByValue.has(skill.toLowerCase());
}
