import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { AnalyticsReport } from '@lastman/api';
import { formatDate } from '@lastman/api/format';
import { funnelOutline, optionsOutline } from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { useOnline } from '../../lib/online.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useAnalyticsReport } from './api/analytics-api.ts';
import { Figures } from './components/figures.tsx';
import { type AnalyticsFilters, filtersFrom, withQuery } from './filters.ts';
import './analytics.css';

/** The analytics: the game's money and players, and the club's hours and staff cost, for a period. */
export function AnalyticsPage() {
  const filters = filtersFrom(new URLSearchParams(useLocation().search));
  const report = useAnalyticsReport(filters);
  const online = useOnline();
  return (
    <>
      <PageHeader back="/admin" />
      <IonContent className="ion-padding">
        <div className="analytics">
          <FilterBar filters={filters} report={report.data} />
          {report.isPending ? (
            <InlineLoading label="Loading the figures" />
          ) : report.isError ? (
            <p className="form-error" role="alert">
              {online
                ? `The figures could not be loaded: ${report.error.message}`
                : 'You are offline: the figures load when you are back online.'}{' '}
              <IonButton size="small" fill="outline" onClick={() => report.refetch()}>
                Try again
              </IonButton>
            </p>
          ) : (
            <Figures report={report.data} />
          )}
        </div>
      </IonContent>
    </>
  );
}

function periodText(p: { from: string; to: string }) {
  return `${formatDate(p.from)} to ${formatDate(p.to)}`;
}

function FilterBar({ filters, report }: { filters: AnalyticsFilters; report: AnalyticsReport | undefined }) {
  const competition = report?.competitionChoices.find((c) => c.id === report.competitionId)?.name;
  return (
    <section className="analytics-filters" aria-label="Filters">
      <p className="analytics-filters__text" data-testid="filter-summary">
        {report
          ? periodText(report.period)
          : filters.from && filters.to
            ? periodText(filters as { from: string; to: string })
            : 'The last 28 days'}
        {' · '}
        {competition ?? 'All competitions'}
        {report?.previous ? ` · compared with ${periodText(report.previous.period)}` : ''}
      </p>
      <div className="analytics-filters__actions">
        <IonButton fill="outline" routerLink={withQuery('/analytics-filter', filters)}>
          <IonIcon slot="start" icon={funnelOutline} aria-hidden="true" />
          Period
        </IonButton>
        <IonButton fill="outline" routerLink={withQuery('/filterall', filters)}>
          <IonIcon slot="start" icon={optionsOutline} aria-hidden="true" />
          All filters
        </IonButton>
      </div>
    </section>
  );
}
