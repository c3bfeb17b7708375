/**
 * Suggested finishers for an owner's open project (issue 30): one pure ranking, here so that the
 * server ranks and the tests read the rule in one place. Every input is a fact Finishline records
 * (skills on the profile, reviews, completed deals, deliveries by their deadline, the last time the
 * person did something); nothing is self-declared beyond the skills.
 */

/** How much each fact weighs in the score (they sum to 1, so a score reads as a share of a perfect match). */
export const suggestionWeights = { skills: 0.4, rating: 0.25, completedDeals: 0.15, onTime: 0.1, recency: 0.1 } as const;

/**
 * The prior a rating is pulled towards: `weight` imaginary reviews of `mean` stars. With 5 of 4.0,
 * one 5-star review averages 4.17 and forty reviews of 4.8 average 4.71, so a single review never
 * outranks a long record.
 */
export const ratingPrior = { mean: 4, weight: 5 } as const;

/** The prior of the on-time rate: two imaginary deals at 80%, so one late first deal is not 0%. */
export const onTimePrior = { rate: 0.8, weight: 2 } as const;

/** Completed deals count with diminishing returns: 5 deals give 63% of the weight, 15 give 95%. */
const COMPLETED_SCALE = 5;

/** Recent activity halves in value every 30 days. */
const RECENCY_HALF_LIFE_DAYS = 30;

const DAY_MS = 86_400_000;

export interface FinisherFacts {
  id: number;
  skills: readonly string[];
  /** The average of the reviews received, null without any. */
  ratingAverage: number | null;
  ratingCount: number;
  completedDeals: number;
  /** Of the completed deals, those delivered by their deadline. */
  onTimeDeals: number;
  lastActiveAt: Date | null;
}

export interface SuggestedFinisher {
  id: number;
  score: number;
  /** The project's technologies the finisher lists, in the project's order and spelling. */
  matchedSkills: string[];
  rating: number | null;
}

const normalise = (name: string) => name.trim().toLowerCase();

/** The Bayesian average: the reviews' mean pulled towards the prior, the more the fewer reviews there are. */
export function bayesianRating(average: number | null, count: number, prior: { mean: number; weight: number } = ratingPrior): number {
  const n = Math.max(0, count);
  const sum = average === null || n === 0 ? 0 : average * n;
  return (prior.weight * prior.mean + sum) / (prior.weight + n);
}

/** The project's technologies this finisher lists (letter case ignored). */
export function matchedSkills(techStack: readonly string[], skills: readonly string[]): string[] {
  const own = new Set(skills.map(normalise));
  return techStack.filter((tech) => own.has(normalise(tech)));
}

function scoreOf(techStack: readonly string[], facts: FinisherFacts, now: Date): { score: number; matched: string[] } {
  const matched = matchedSkills(techStack, facts.skills);
  const skills = techStack.length === 0 ? 0 : matched.length / new Set(techStack.map(normalise)).size;
  // 1 to 5 stars onto 0 to 1.
  const rating = (bayesianRating(facts.ratingAverage, facts.ratingCount) - 1) / 4;
  const completed = 1 - Math.exp(-Math.max(0, facts.completedDeals) / COMPLETED_SCALE);
  const onTime = (onTimePrior.rate * onTimePrior.weight + Math.max(0, facts.onTimeDeals)) / (onTimePrior.weight + Math.max(0, facts.completedDeals));
  const idleDays = facts.lastActiveAt === null ? Infinity : Math.max(0, (now.getTime() - facts.lastActiveAt.getTime()) / DAY_MS);
  const recency = Math.pow(0.5, idleDays / RECENCY_HALF_LIFE_DAYS);
  const w = suggestionWeights;
  const score = w.skills * skills + w.rating * rating + w.completedDeals * completed + w.onTime * Math.min(1, onTime) + w.recency * recency;
  return { score, matched };
}

/**
 * Ranks the candidates for a project: only those sharing at least one of its technologies, best
 * score first; ties go to the better rating, then to the earlier account (the lower id), so the
 * order is the same on every request.
 */
export function rankSuggestedFinishers(
  techStack: readonly string[],
  candidates: readonly FinisherFacts[],
  options: { now: Date; limit?: number },
): SuggestedFinisher[] {
  const ranked = candidates
    .map((facts) => ({ facts, ...scoreOf(techStack, facts, options.now), bayes: bayesianRating(facts.ratingAverage, facts.ratingCount) }))
    .filter((entry) => entry.matched.length > 0)
    .sort((a, b) => b.score - a.score || b.bayes - a.bayes || a.facts.id - b.facts.id);
  return ranked.slice(0, options.limit ?? ranked.length).map(({ facts, score, matched }) => ({
    id: facts.id,
    score: Math.round(score * 1000) / 1000,
    matchedSkills: matched,
    rating: facts.ratingCount > 0 ? Math.round(bayesianRating(facts.ratingAverage, facts.ratingCount) * 10) / 10 : null,
  }));
}
