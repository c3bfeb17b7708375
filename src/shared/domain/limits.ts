/** Business constants of spec section 9, shared by the forms and the server. */
export const limits = {
  passwordMin: 6,
  passwordMax: 256,
  usernameMin: 3,
  usernameMax: 32,
  emailMax: 254,
  /** Links (repository, website, social profiles): longer than any real address, short enough to store. */
  linkMax: 2_000,
} as const;

/** Project and bid limits (spec sections 5 and 9) plus the upper bounds the server enforces. */
export const projectLimits = {
  nameMin: 5,
  nameMax: 120,
  descriptionMin: 50,
  descriptionMax: 10_000,
  techStackMax: 10,
  technologyMax: 40,
  budgetMaxDollars: 10_000_000,
  timeframeMax: 100,
  bidMessageMin: 20,
  bidMessageMax: 5_000,
  bidAmountMaxDollars: 10_000_000,
  bidTimelineMaxDays: 3_650,
  deliveryMessageMin: 10,
  deliveryMessageMax: 10_000,
  screenshotMaxBytes: 5 * 1024 * 1024,
  browsePageDefault: 50,
  browsePageMax: 100,
} as const;

/** Chat limits (spec section 5): trimmed, never empty; the upper bound and send rate are ours. */
export const chatLimits = {
  messageMax: 5_000,
} as const;

/** Notifications: their text bounds, and how many rows a list answers (the newest). */
export const notificationLimits = {
  titleMax: 200,
  contentMax: 2_000,
  /** Lists answer the newest rows only. */
  listMax: 100,
} as const;

/** Two spellings of one technology ('react' and 'React'): a project lists it once. */
export const sameTechnology = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Trimmed technologies, each kept once whatever its letter case (the first spelling wins). */
export function uniqueTechnologies(list: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of list) {
    const tech = raw.trim();
    if (tech && !kept.some((item) => sameTechnology(item, tech))) kept.push(tech);
  }
  return kept;
}

/** Agreed scope (issue 18): acceptance criteria, the bid's answers, delivery evidence. */
export const scopeLimits = {
  criteriaMax: 20,
  criterionMin: 5,
  criterionMax: 300,
  answerNoteMax: 1_000,
  evidenceNoteMax: 1_000,
  declineReasonMax: 1_000,
  /** The most revision requests a finisher may include in a bid. */
  includedRevisionsMax: 20,
} as const;

/** Change orders (issue 18, item 6): what either party of a live deal may propose. */
export const changeOrderLimits = {
  descriptionMin: 10,
  descriptionMax: 2_000,
  amountMaxDollars: 10_000_000,
  extraDaysMax: 365,
} as const;

/** Invitations to bid (issue 30, item 5): an owner asks finishers to bid, a few at a time. */
/** Saved searches (issue 30, item 3). */
export const savedSearchLimits = {
  perUser: 20,
  textMax: 200,
  techMax: 10,
} as const;

export const invitationLimits = {
  /** Invitations of one project not yet answered by a bid. */
  openPerProject: 20,
} as const;
