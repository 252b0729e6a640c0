import { IonButton, IonContent, IonIcon } from '@ionic/react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type Allergen,
  DIETARY_FLAGS,
  DIETARY_LABELS,
  type DietaryFlag,
} from '@lastman/api/content/rules';
import { documentTextOutline, restaurantOutline } from 'ionicons/icons';
import { type ReactNode, useState } from 'react';
import { hasRole, useMe } from '../../../lib/me.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useMenu } from './api/menu-api.ts';
import { checkedDate, MenuItemFacts } from './components/menu-item-facts.tsx';
import './menu.css';
import { suits } from './menu-rules.ts';
import { PdfViewer, pdfAddress, pdfLabel } from './open-pdf-page.tsx';

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

const ALLERGY_NOTE =
  'If you have a food allergy or intolerance, please speak to a member of staff before you order.';

/**
 * The club's menu for guests: filter out allergens to avoid, or keep to a diet. When the club has
 * uploaded its own PDF, guests see the one menu the admin chose (or both, each labelled), never two
 * unlabelled menus that may disagree.
 */
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
  const manage = hasRole(me.data?.role, 'staff') ? (
    <IonButton routerLink="/menumanager" fill="clear">
      Manage the menu
    </IonButton>
  ) : null;
  const uploadedOn = menu.data?.pdf.uploadedOn;
  const uploaded = uploadedOn ? `, uploaded on ${checkedDate(uploadedOn)}` : '';

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
          ) : menu.data.guestsSee === 'pdf' || (menu.data.guestsSee === 'both' && all.length === 0) ? (
            <>
              <PdfMenu
                url={pdfAddress(menu.data.pdf.url)}
                label={pdfLabel(menu.data)}
                uploaded={uploaded}
                manage={manage}
              />
              <p className="muted">{ALLERGY_NOTE}</p>
            </>
          ) : all.length === 0 ? (
            <div className="card">
              <EmptyState icon={restaurantOutline} title="No menu yet">
                <p>The club has not put its food and drink menu here yet. Ask at the bar.</p>
              </EmptyState>
            </div>
          ) : (
            <>
              {menu.data.guestsSee === 'both' ? <TwoMenusNotice uploaded={uploaded} /> : null}
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
                {menu.data.guestsSee === 'menu' ? (
                  <IonButton routerLink="/openpdf" fill="outline">
                    <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
                    Open the menu as a PDF
                  </IonButton>
                ) : null}
                {manage}
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
                {ALLERGY_NOTE}
              </p>
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** The club's own PDF as its menu: said to be unfilterable. */
function PdfMenu({
  url,
  label,
  uploaded,
  manage,
}: {
  url: string;
  label: string;
  uploaded: string;
  manage: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby="menu-pdf-heading">
      <h2 id="menu-pdf-heading">Food and drink menu</h2>
      <p className="muted">The club's menu{uploaded}.</p>
      {/* Said, not silently dropped: a PDF cannot be filtered by allergen or diet. */}
      <p data-testid="menu-pdf-no-filter">
        This club shows its menu as a PDF, so there is no allergen or diet filter here: the PDF says what the
        club put in it. Check each dish's allergens with the staff before you order.
      </p>
      <PdfViewer url={url} label={label} />
      {manage ? <div className="form-actions">{manage}</div> : null}
    </section>
  );
}

/** Both menus shown: which is which, and that they may differ. */
function TwoMenusNotice({ uploaded }: { uploaded: string }) {
  return (
    <section className="card" aria-labelledby="menu-which-heading" data-testid="menu-which">
      <h2 id="menu-which-heading">This club has two menus</h2>
      <p>
        <strong>The menu in the app</strong>, below, with its allergen filters, and{' '}
        <strong>the club's own PDF menu</strong>
        {uploaded}. They are kept apart and may differ: if they do, ask at the bar.
      </p>
      <div className="form-actions">
        <IonButton routerLink="/openpdf" fill="outline">
          <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
          Open the club's PDF menu
        </IonButton>
      </div>
    </section>
  );
}
