import { IonContent, IonRouterLink } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../ui/page-header.tsx';
import { QuickFilters } from './filter-form.tsx';
import { filtersFrom, withQuery } from './filters.ts';
import './analytics.css';

/** The quick filter screen: a period at one tap, and the competition. */
export function AnalyticsFilterPage() {
  const filters = filtersFrom(new URLSearchParams(useLocation().search));
  return (
    <>
      <PageHeader back={withQuery('/analytics', filters)} />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <QuickFilters filters={filters} />
          <p>
            <IonRouterLink routerLink={withQuery('/filterall', filters)} className="analytics-more-link">
              Exact dates and comparison: all filters
            </IonRouterLink>
          </p>
        </div>
      </IonContent>
    </>
  );
}
