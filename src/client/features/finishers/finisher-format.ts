/** '1 year experience', '8 years experience'. */
export function formatYears(years: number): string {
  return years === 1 ? '1 year experience' : `${years} years experience`;
}

/** Spec section 2: a developer without a bio shows 'Developer on' and the product name. */
export function bioOrDefault(bio: string | null): string {
  return bio || 'Developer on Finishline';
}

/** A card's rating: '4.5 (2 reviews)', or 'No reviews yet'. */
export function formatRating(averageRating: number | null, reviewCount: number): string {
  if (averageRating === null || reviewCount === 0) return 'No reviews yet';
  return `${averageRating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`;
}

/** '1 completed project', '3 completed projects'. */
export function formatCompleted(count: number): string {
  return count === 1 ? '1 completed project' : `${count} completed projects`;
}
