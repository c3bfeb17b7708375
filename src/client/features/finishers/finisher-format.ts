/** '1 year experience', '8 years experience'. */
export function formatYears(years: number): string {
  return years === 1 ? '1 year experience' : `${years} years experience`;
}

/** Spec section 2: a developer without a bio shows 'Developer on' and the product name. */
export function bioOrDefault(bio: string | null): string {
  return bio || 'Developer on Finishline';
}
