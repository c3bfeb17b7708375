/** '1 year experience', '8 years experience'. */
export function formatYears(years: number): string {
  return years === 1 ? '1 year experience' : `${years} years experience`;
}
