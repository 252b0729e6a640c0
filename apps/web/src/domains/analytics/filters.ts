import { addDays, isDate, mondayOf } from '@lastman/api/time';

/**
 * The analytics filters, kept in the page's URL (`?from=&to=&competition=&compare=1`) so that a
 * view survives a reload and can be shared. No dates means the server's default: the 28 days to today.
 */
export interface AnalyticsFilters {
  from: string | null;
  to: string | null;
  competitionId: string | null;
  compare: boolean;
}

export function filtersFrom(params: URLSearchParams): AnalyticsFilters {
  const from = params.get('from');
  const to = params.get('to');
  return {
    from: isDate(from) ? from : null,
    to: isDate(to) ? to : null,
    competitionId: params.get('competition') || null,
    compare: params.get('compare') === '1',
  };
}

/** The filters as a query string: the page's own (`url`) or the API's names (`api`). */
export function filtersToQuery(f: AnalyticsFilters, form: 'url' | 'api' = 'url'): string {
  const q = new URLSearchParams();
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.competitionId) q.set(form === 'api' ? 'competitionId' : 'competition', f.competitionId);
  if (f.compare) q.set('compare', form === 'api' ? 'true' : '1');
  return q.toString();
}

export const withQuery = (path: string, f: AnalyticsFilters) => {
  const q = filtersToQuery(f);
  return q ? `${path}?${q}` : path;
};

/** Quick periods, each ending today (London) or a whole calendar period. */
export function presets(today: string): { id: string; label: string; from: string; to: string }[] {
  const monday = mondayOf(today);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { id: 'week', label: 'This week', from: monday, to: today },
    { id: 'last-week', label: 'Last week', from: addDays(monday, -7), to: addDays(monday, -1) },
    { id: '28-days', label: 'Last 28 days', from: addDays(today, -27), to: today },
    { id: 'month', label: 'This month', from: monthStart, to: today },
    { id: 'last-month', label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
    { id: '90-days', label: 'Last 90 days', from: addDays(today, -89), to: today },
    { id: 'year', label: 'Last 12 months', from: addDays(today, -364), to: today },
  ];
}
