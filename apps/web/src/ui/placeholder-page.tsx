import { IonButton, IonContent } from '@ionic/react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

export interface PlaceholderProps {
  /** The header's title; the route table's unless given. */
  title?: string;
  icon: string;
  heading: string;
  children: ReactNode;
  back?: string;
  action?: { label: string; href: string };
}

/** A route whose screen comes in a later release: a proper header and an empty state that says what. */
export function PlaceholderPage({ title, icon, heading, children, back, action }: PlaceholderProps) {
  return (
    <>
      <PageHeader {...(title ? { title } : {})} {...(back ? { back } : {})} />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <EmptyState
            icon={icon}
            title={heading}
            actions={
              action ? (
                <IonButton routerLink={action.href} fill="outline">
                  {action.label}
                </IonButton>
              ) : null
            }
          >
            {children}
          </EmptyState>
        </div>
      </IonContent>
    </>
  );
}
