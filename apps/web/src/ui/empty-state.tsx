import { IonIcon } from '@ionic/react';
import { type ReactNode, useId } from 'react';

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
  // Ionic keeps earlier pages in the DOM, so a fixed id would repeat.
  const titleId = useId();
  return (
    <section className="empty-state" aria-labelledby={titleId}>
      <div className="empty-state__icon" aria-hidden="true">
        <IonIcon icon={icon} />
      </div>
      <h2 id={titleId}>{title}</h2>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}
