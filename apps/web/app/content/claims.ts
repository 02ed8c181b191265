/**
 * Every marketing figure the site states. Pages interpolate these values; copy never types a number
 * that is defined here, so a claim reads the same everywhere.
 */
export const claims = {
  timeReductionPercent: 40,
  successRatePercent: 92,
  productivityGainPercent: 30,
  fewerMissedDeadlinesPercent: 50,
  businessesServed: 50,
  surveyApprovalPercent: 99,
} as const;

export type Claims = typeof claims;

/** "more than 50 businesses" as the site always words it. */
export const businessesPhrase = `more than ${claims.businessesServed} businesses`;

/**
 * Fernhill Digital's results (the case study page): their own figures, measured by their operations
 * team over the first quarter, not the survey's.
 */
export const fernhillResults = {
  timesheetFixMinutesPerWeek: { before: 360, after: 45 },
  invoiceWorkingDay: { before: 10, after: 3 },
  toolsKeptInSync: { before: 4, after: 1 },
  newHireReadyDays: { before: 6, after: 2 },
} as const;
