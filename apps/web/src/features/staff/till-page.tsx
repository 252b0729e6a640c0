import { IonContent } from '@ionic/react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../ui/page-header.tsx';
import { TillCode } from './till-code.tsx';
import './rota.css';

/** The till device behind the bar: only the clock-in code, by the key in its link, with nobody signed in. */
export function TillPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? undefined;
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow card">
          {key ? (
            <TillCode tillKey={key} />
          ) : (
            <p>This screen needs the link an admin makes on the Clock in page (Till screens).</p>
          )}
        </div>
      </IonContent>
    </>
  );
}
