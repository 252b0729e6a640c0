import { IonContent } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../ui/page-header.tsx';
import { AllFilters } from './filter-form.tsx';
import { filtersFrom, withQuery } from './filters.ts';
import './analytics.css';

/** Every analytics filter in one form. */
export function FilterAllPage() {
  const filters = filtersFrom(new URLSearchParams(useLocation().search));
  return (
    <>
      <PageHeader back={withQuery('/analytics', filters)} />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <AllFilters filters={filters} />
        </div>
      </IonContent>
    </>
  );
}
