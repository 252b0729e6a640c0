import { type AccessRows, at } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. The club's figures. Assembled with every other
 * domain's rows by test/platform/access-matrix.test.ts.
 */
export const analyticsAccess: AccessRows = (w) => ({
  // analytics: the club's own figures; another club's admin sees only theirs.
  'GET /api/admin/analytics/summary': {
    call: at('/api/admin/analytics/summary?from=2024-08-01&to=2024-09-30'),
  },
  'GET /api/admin/analytics': {
    call: at(`/api/admin/analytics?from=2024-08-01&to=2024-09-30&compare=true&competitionId=${w.finishedId}`),
    firstClub: true,
  },
});
