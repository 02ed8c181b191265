/**
 * The rating summary on the home page: how workspace admins rated Hourline when asked in the product
 * after their third invoice. The average and the total are computed from the counts, so the three
 * figures can never disagree.
 */
/** Number of ratings per star, five stars first. */
// One rating per workspace, so never more than the businesses served (claims.ts).
const starCounts = { 5: 29, 4: 7, 3: 1, 2: 1, 1: 0 } as const;

export type Stars = keyof typeof starCounts;

export const ratingBreakdown: { stars: Stars; count: number }[] = ([5, 4, 3, 2, 1] as const).map(
  (stars) => ({ stars, count: starCounts[stars] }),
);

export const ratingCount = ratingBreakdown.reduce((sum, r) => sum + r.count, 0);

/** Average rating, rounded to one decimal as it is printed. */
export const ratingAverage =
  Math.round((ratingBreakdown.reduce((sum, r) => sum + r.stars * r.count, 0) / ratingCount) * 10) /
  10;

export const ratingSource =
  "Ratings from workspace admins, asked in the product after their third invoice, one per workspace";
