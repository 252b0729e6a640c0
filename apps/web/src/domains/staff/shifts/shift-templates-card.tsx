import { IonButton, IonIcon } from '@ionic/react';
import type { ShiftTemplate } from '@lastman/api';
import { trashOutline } from 'ionicons/icons';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { useDeleteTemplate, useTemplates } from './shifts-api.ts';

const times = (t: ShiftTemplate) =>
  `${t.position}, ${t.startTime}–${t.endTime}${t.breakMinutes ? `, ${t.breakMinutes} min break` : ''}`;

/** The club's shift templates, each with the way to delete it; shifts made from one stay as they are. */
export function ShiftTemplatesCard() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [presentAlert] = useIonAlert();
  const list = templates.data?.templates ?? [];
  if (list.length === 0) return null;
  const confirmDelete = (t: ShiftTemplate) =>
    void presentAlert({
      header: `Delete the template “${t.name}”?`,
      message: `${times(t)}. It leaves the list of templates; shifts already added from it stay as they are.`,
      buttons: [
        { text: 'Keep it', role: 'cancel' },
        {
          text: 'Delete',
          role: 'destructive',
          handler: () =>
            remove.mutate(t.id, {
              onSuccess: () => showToast(`Template “${t.name}” deleted.`),
              onError: showError,
            }),
        },
      ],
    });
  return (
    <section className="card page-narrow" aria-labelledby="templates-heading" data-testid="shift-templates">
      <h2 id="templates-heading">Shift templates</h2>
      {list.map((t) => (
        <div key={t.id} className="rota-shift" data-template={t.name}>
          <div className="rota-shift__main">
            <div className="rota-shift__time">{t.name}</div>
            <div className="rota-shift__meta">{times(t)}</div>
          </div>
          <IonButton
            fill="clear"
            color="danger"
            disabled={remove.isPending}
            aria-label={`Delete the template ${t.name}`}
            onClick={() => confirmDelete(t)}
          >
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            Delete
          </IonButton>
        </div>
      ))}
    </section>
  );
}
