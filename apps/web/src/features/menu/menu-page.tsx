import { IonButton, IonContent, IonIcon } from '@ionic/react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type Allergen,
  DIETARY_FLAGS,
  DIETARY_LABELS,
  type DietaryFlag,
} from '@lastman/api/rules';
import { documentTextOutline, restaurantOutline } from 'ionicons/icons';
import { useState } from 'react';
import { hasRole, useMe } from '../../lib/me.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useMenu } from './api/menu-api.ts';
import { checkedDate, MenuItemFacts } from './components/menu-item-facts.tsx';
import './menu.css';
import { suits } from './menu-rules.ts';

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** The club's menu for guests: filter out allergens to avoid, or keep to a diet. */
export function MenuPage() {
  const menu = useMenu();
  const me = useMe();
  const [avoid, setAvoid] = useState<Allergen[]>([]);
  const [dietary, setDietary] = useState<DietaryFlag[]>([]);
  const [mayContainToo, setMayContainToo] = useState(true);
  const filter = { avoid, mayContainToo, dietary };
  const all = menu.data?.categories.flatMap((c) => c.items) ?? [];
  const shown = all.filter((i) => suits(i, filter));
  const filtering = avoid.length > 0 || dietary.length > 0;

  return (
    <>
      <PageHeader back="/app/tabs/club" />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {menu.isPending ? (
            <InlineLoading label="Loading the menu…" />
          ) : menu.isError ? (
            <div className="card">
              <p role="alert">The menu could not be loaded: {menu.error.message}</p>
              <IonButton onClick={() => void menu.refetch()}>Try again</IonButton>
            </div>
          ) : all.length === 0 ? (
            <div className="card">
              <EmptyState icon={restaurantOutline} title="No menu yet">
                <p>The club has not put its food and drink menu here yet. Ask at the bar.</p>
              </EmptyState>
            </div>
          ) : (
            <>
              <section className="card" aria-labelledby="menu-filter-heading">
                <h2 id="menu-filter-heading">Find what you can eat</h2>
                <fieldset className="chip-row">
                  <legend>Allergens to avoid</legend>
                  {ALLERGENS.map((a) => (
                    <button
                      key={a}
                      type="button"
                      className="chip"
                      aria-pressed={avoid.includes(a)}
                      onClick={() => setAvoid((s) => toggle(s, a))}
                    >
                      {ALLERGEN_LABELS[a]}
                    </button>
                  ))}
                </fieldset>
                <label className="check-line">
                  <input
                    type="checkbox"
                    checked={mayContainToo}
                    onChange={(e) => setMayContainToo(e.target.checked)}
                  />
                  <span>
                    Also hide dishes that <em>may contain</em> them
                  </span>
                </label>
                <fieldset className="chip-row">
                  <legend>Diet</legend>
                  {DIETARY_FLAGS.map((d) => (
                    <button
                      key={d}
                      type="button"
                      className="chip"
                      aria-pressed={dietary.includes(d)}
                      onClick={() => setDietary((s) => toggle(s, d))}
                    >
                      {DIETARY_LABELS[d]}
                    </button>
                  ))}
                </fieldset>
                <div className="menu-filters__summary">
                  <p role="status" className="muted">
                    {filtering ? `Showing ${shown.length} of ${all.length} dishes.` : `${all.length} dishes.`}
                  </p>
                  {filtering ? (
                    <IonButton
                      fill="outline"
                      size="small"
                      onClick={() => {
                        setAvoid([]);
                        setDietary([]);
                      }}
                    >
                      Clear filters
                    </IonButton>
                  ) : null}
                </div>
              </section>

              <div className="form-actions">
                <IonButton routerLink="/openpdf" fill="outline">
                  <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
                  Open the menu as a PDF
                </IonButton>
                {hasRole(me.data?.role, 'staff') ? (
                  <IonButton routerLink="/menumanager" fill="clear">
                    Manage the menu
                  </IonButton>
                ) : null}
              </div>

              {menu.data.categories.map((c) => {
                const items = c.items.filter((i) => suits(i, filter));
                if (items.length === 0) return null;
                return (
                  <section key={c.id} className="card" aria-labelledby={`menu-cat-${c.id}`}>
                    <h2 id={`menu-cat-${c.id}`}>{c.name}</h2>
                    {items.map((i) => (
                      <MenuItemFacts key={i.id} item={i} />
                    ))}
                  </section>
                );
              })}
              {shown.length === 0 ? (
                <div className="card">
                  <p>
                    No dish on the menu fits those choices. Ask at the bar: the kitchen may be able to help.
                  </p>
                </div>
              ) : null}
              <p className="muted">
                {menu.data.allergensCheckedOn
                  ? `Allergen information last checked on ${checkedDate(menu.data.allergensCheckedOn)}. `
                  : ''}
                If you have a food allergy or intolerance, please speak to a member of staff before you order.
              </p>
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
