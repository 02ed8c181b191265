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
 * Where the figures come from, printed beside them: a figure without its source does not go on a
 * page (the built-page test holds every page that prints a percentage to this).
 */
export const claimSources = {
  /** The customer survey behind every percentage. */
  survey: {
    month: "September 2026",
    respondents: 41,
    who: "workspace admins with at least one quarter of use",
  },
  /** How the businesses are counted. */
  businesses: "paying workspaces on November 1, 2026, from our billing records",
} as const;

/** The survey's source line, printed under every set of percentages. */
export const surveySource = `Source: ${claimSources.survey.respondents} ${claimSources.survey.who} answered our customer survey in ${claimSources.survey.month}; each figure compares their own numbers before and after.`;

/** The businesses figure's source line. */
export const businessesSource = `Counted as ${claimSources.businesses}.`;

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
