import type { AnalyticsReport } from '@lastman/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { type AnalyticsFilters, filtersToQuery } from '../filters.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (query: string) => ['analytics', 'report', query] as const,
};

// GET /api/admin/analytics?from=&to=&competitionId=&compare=
export const analyticsReportQuery = (filters: AnalyticsFilters) => {
  const query = filtersToQuery(filters, 'api');
  return queryOptions({
    queryKey: analyticsKeys.report(query),
    queryFn: () => http.get<AnalyticsReport>(`/api/admin/analytics${query ? `?${query}` : ''}`),
  });
};
export const useAnalyticsReport = (filters: AnalyticsFilters) =>
  useQuery({ ...analyticsReportQuery(filters), placeholderData: keepPreviousData });
