import { IonIcon } from '@ionic/react';
import type { ReactNode } from 'react';

/** A friendly "nothing here yet" block: what will be here, and what to do meanwhile. */
export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <div className="empty-state__icon" aria-hidden="true">
        <IonIcon icon={icon} />
      </div>
      <h2 id="empty-state-title">{title}</h2>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}
