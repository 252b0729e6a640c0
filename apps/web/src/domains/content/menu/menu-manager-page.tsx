import {
  IonButton,
  IonContent,
  IonIcon,
  IonItem,
  IonList,
  IonReorder,
  IonReorderGroup,
  IonToggle,
  type ReorderEndCustomEvent,
} from '@ionic/react';
import type { Menu, MenuCategory, MenuItem, MenuItemInput } from '@lastman/api';
import { dietConflicts, dietConflictText, MENU_LIMITS, type MenuGuestsSee } from '@lastman/api/content/rules';
import { formatPence } from '@lastman/api/format';
import {
  arrowDownOutline,
  arrowUpOutline,
  createOutline,
  restaurantOutline,
  trashOutline,
} from 'ionicons/icons';
import { type FormEvent, useRef, useState } from 'react';
import { hasRole, useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useCreateCategory,
  useCreateItem,
  useDeleteCategory,
  useDeleteItem,
  useMenu,
  useRemovePdf,
  useRenameCategory,
  useReorderCategories,
  useReorderItems,
  useSetAvailability,
  useSetGuestsSee,
  useUpdateItem,
  useUploadPdf,
} from './api/menu-api.ts';
import { ItemForm } from './components/item-form.tsx';
import { checkedDate } from './components/menu-item-facts.tsx';
import './menu.css';
import { moved } from './menu-rules.ts';

/** Up and down buttons: the keyboard's (and steady hands') way to reorder. */
function MoveButtons({
  what,
  index,
  count,
  onMove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <IonButton
        fill="clear"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <IonIcon aria-hidden="true" slot="icon-only" icon={arrowUpOutline} />
      </IonButton>
      <IonButton
        fill="clear"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <IonIcon aria-hidden="true" slot="icon-only" icon={arrowDownOutline} />
      </IonButton>
    </>
  );
}

function AvailabilityToggle({ item }: { item: MenuItem }) {
  const set = useSetAvailability();
  return (
    <IonToggle
      checked={item.available}
      aria-label={`${item.name} available today`}
      onIonChange={(e) => set.mutate({ id: item.id, available: e.detail.checked })}
    >
      <span className="visually-hidden">Available today</span>
    </IonToggle>
  );
}

/** Bar staff: one tap marks a dish off for today, or back on. */
function StaffView({ categories }: { categories: MenuCategory[] }) {
  return (
    <>
      <p className="muted">Tap a dish off when the kitchen runs out; guests see it at once.</p>
      {categories.map((c) => (
        <section key={c.id} className="card" aria-label={c.name}>
          <h2>{c.name}</h2>
          <IonList lines="full">
            {c.items.map((i) => (
              <IonItem key={i.id}>
                <div className="manager-row">
                  <span className="manager-row__name">
                    {i.name}
                    <small>{i.available ? 'Available today' : 'Not available today'}</small>
                  </span>
                  <AvailabilityToggle item={i} />
                </div>
              </IonItem>
            ))}
          </IonList>
        </section>
      ))}
    </>
  );
}

/**
 * A dish saved before contradicting diet labels were refused: guests are not shown the label, nor
 * find the dish under that diet, until the admin fixes the record.
 */
function DietConflictNote({ item }: { item: MenuItem }) {
  const conflicts = dietConflicts(item);
  if (conflicts.length === 0) return null;
  return (
    <small className="menu-conflict-note" data-testid="diet-conflict-note">
      Check: {conflicts.map(dietConflictText).join('; ')}. Guests are not shown that label until you fix it.
    </small>
  );
}

function CategoryCard({
  category,
  onEdit,
}: {
  category: MenuCategory;
  onEdit: (edit: { categoryId: string; item?: MenuItem }) => void;
}) {
  const reorder = useReorderItems();
  const rename = useRenameCategory();
  const remove = useDeleteCategory();
  const removeItem = useDeleteItem();
  const update = useUpdateItem();
  const [renaming, setRenaming] = useState<string | null>(null);
  const ids = category.items.map((i) => i.id);
  const move = (from: number, to: number) =>
    reorder.mutate({ categoryId: category.id, ids: moved(ids, from, to) });

  return (
    <section className="card" aria-label={category.name} data-testid="manager-category">
      {renaming === null ? (
        <div className="card-heading">
          <h2>{category.name}</h2>
          <IonButton
            fill="clear"
            aria-label={`Rename ${category.name}`}
            onClick={() => setRenaming(category.name)}
          >
            <IonIcon aria-hidden="true" slot="icon-only" icon={createOutline} />
          </IonButton>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!renaming.trim()) return;
            rename.mutate({ id: category.id, name: renaming.trim() }, { onSuccess: () => setRenaming(null) });
          }}
        >
          <FormField label="Category name" name="category-name" value={renaming} onValue={setRenaming} />
          <IonButton type="submit" size="small">
            Save
          </IonButton>
          <IonButton size="small" fill="clear" onClick={() => setRenaming(null)}>
            Cancel
          </IonButton>
        </form>
      )}
      {category.items.length === 0 ? <p className="muted">No dishes in this category yet.</p> : null}
      <IonList lines="full">
        <IonReorderGroup
          disabled={false}
          onIonReorderEnd={(e: ReorderEndCustomEvent) => {
            e.detail.complete(false);
            if (e.detail.from !== e.detail.to) move(e.detail.from, e.detail.to);
          }}
        >
          {category.items.map((i, index) => (
            <IonItem key={i.id} data-testid="manager-item">
              <div className="manager-row">
                <span className="manager-row__name">
                  {i.name} · {formatPence(i.pricePence)}
                  <small>
                    {i.available ? 'Available today' : 'Not available today'} · allergens checked{' '}
                    {checkedDate(i.allergensCheckedOn)}
                  </small>
                  <DietConflictNote item={i} />
                </span>
                <AvailabilityToggle item={i} />
                <MoveButtons
                  what={i.name}
                  index={index}
                  count={category.items.length}
                  onMove={(to) => move(index, to)}
                />
                <IonButton
                  fill="clear"
                  aria-label={`Edit ${i.name}`}
                  onClick={() => onEdit({ categoryId: category.id, item: i })}
                >
                  <IonIcon aria-hidden="true" slot="icon-only" icon={createOutline} />
                </IonButton>
                <IonButton
                  fill="clear"
                  color="danger"
                  aria-label={`Delete ${i.name}`}
                  onClick={() => {
                    if (window.confirm(`Delete ${i.name} from the menu?`)) removeItem.mutate(i.id);
                  }}
                >
                  <IonIcon aria-hidden="true" slot="icon-only" icon={trashOutline} />
                </IonButton>
              </div>
              <IonReorder slot="end" aria-label={`Drag ${i.name}`} />
            </IonItem>
          ))}
        </IonReorderGroup>
      </IonList>
      <div className="form-actions">
        <IonButton fill="outline" onClick={() => onEdit({ categoryId: category.id })}>
          Add a dish to {category.name}
        </IonButton>
        {category.items.length > 0 ? (
          <IonButton
            fill="clear"
            onClick={() =>
              Promise.all(
                category.items.map((i) =>
                  update.mutateAsync({ id: i.id, input: { allergensChecked: true } }),
                ),
              ).then(() => showToast(`Allergens of ${category.name} marked as checked today.`))
            }
          >
            I have checked these allergens today
          </IonButton>
        ) : null}
        <IonButton
          fill="clear"
          color="danger"
          onClick={() => {
            if (window.confirm(`Delete ${category.name} and its ${category.items.length} dishes?`)) {
              remove.mutate(category.id);
            }
          }}
        >
          Delete {category.name}
        </IonButton>
      </div>
    </section>
  );
}

/** What guests are shown now, said plainly to the admin. */
function guestsSeeNow(guestsSee: MenuGuestsSee, uploadedOn: string | null): string {
  const upload = uploadedOn ? `the PDF you uploaded on ${checkedDate(uploadedOn)}` : 'the PDF you uploaded';
  if (uploadedOn === null) {
    return 'Guests see the menu below, and a PDF made from it with its allergens and the date they were checked.';
  }
  if (guestsSee === 'pdf') {
    return `Guests see only ${upload}. The dishes below are not shown to them (staff still mark them off here), so guests have no allergen or diet filter: they are told to check allergens with the staff.`;
  }
  if (guestsSee === 'both') {
    return `Guests see both, each labelled: the menu below and ${upload}. If the two differ, guests are told to ask at the bar.`;
  }
  return `Guests see the menu below, and a PDF made from it. ${upload[0]?.toUpperCase()}${upload.slice(1)} is kept but not shown to them.`;
}

const GUESTS_SEE_CHOICES: { value: MenuGuestsSee; label: string }[] = [
  { value: 'menu', label: 'The menu below, with its allergen filters' },
  { value: 'pdf', label: 'The PDF you uploaded' },
  { value: 'both', label: 'Both, each labelled' },
];

/** Which menu guests see: the one kept here, the club's own PDF, or both, as the admin chooses. */
function GuestsSeeCard({ menu }: { menu: Menu }) {
  const upload = useUploadPdf();
  const remove = useRemovePdf();
  const choose = useSetGuestsSee();
  const input = useRef<HTMLInputElement>(null);
  const { pdf, guestsSee } = menu;
  const uploaded = pdf.uploadedOn !== null;
  return (
    <section className="card" aria-labelledby="guests-see-heading" data-testid="guests-see">
      <h2 id="guests-see-heading">What guests see</h2>
      <p className="menu-which" role="status" data-testid="guests-see-now">
        {guestsSeeNow(guestsSee, pdf.uploadedOn)}
      </p>
      <FormError message={upload.error?.message ?? remove.error?.message ?? choose.error?.message ?? null} />
      {uploaded ? (
        <fieldset className="check-grid guests-see-choices">
          <legend>Guests see</legend>
          {GUESTS_SEE_CHOICES.map((c) => (
            <label key={c.value}>
              <input
                type="radio"
                name="guestsSee"
                value={c.value}
                checked={guestsSee === c.value}
                disabled={choose.isPending}
                onChange={() =>
                  choose.mutate(c.value, {
                    onSuccess: (r) => showToast(guestsSeeNow(r.guestsSee, r.pdf.uploadedOn)),
                  })
                }
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        className="visually-hidden"
        aria-label="Choose a PDF file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > MENU_LIMITS.pdfMaxBytes) return showToast('That file is larger than 10 MB.');
          upload.mutate(file, {
            onSuccess: (r) => showToast(`Menu PDF uploaded. ${guestsSeeNow(r.guestsSee, r.pdf.uploadedOn)}`),
          });
        }}
      />
      <div className="form-actions">
        <IonButton routerLink="/openpdf" fill="outline">
          {pdf.source === 'uploaded' ? 'View your PDF' : 'View the PDF made from the menu'}
        </IonButton>
        <IonButton onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : uploaded ? 'Upload a new PDF' : 'Upload your own PDF'}
        </IonButton>
        {uploaded ? (
          <IonButton fill="clear" color="danger" onClick={() => remove.mutate(undefined)}>
            Remove your PDF
          </IonButton>
        ) : null}
      </div>
      {uploaded ? null : (
        <p className="muted">
          Upload your own PDF and you choose which menu guests see: this one, the PDF, or both.
        </p>
      )}
    </section>
  );
}

/** Admins build the menu; staff (who also come here) mark dishes available or not. */
export function MenuManagerPage() {
  const me = useMe();
  const menu = useMenu();
  const isAdmin = hasRole(me.data?.role, 'admin');
  const addCategory = useCreateCategory();
  const reorder = useReorderCategories();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();
  const [newCategory, setNewCategory] = useState('');
  const [editing, setEditing] = useState<{ categoryId: string; item?: MenuItem } | null>(null);

  const categories = menu.data?.categories ?? [];
  const ids = categories.map((c) => c.id);
  const save = (input: MenuItemInput) => {
    const done = { onSuccess: () => setEditing(null) };
    if (editing?.item) updateItem.mutate({ id: editing.item.id, input }, done);
    else createItem.mutate(input, done);
  };
  const submitCategory = (e: FormEvent) => {
    e.preventDefault();
    if (!newCategory.trim()) return;
    addCategory.mutate({ name: newCategory.trim() }, { onSuccess: () => setNewCategory('') });
  };

  return (
    <>
      <PageHeader back="/admin" />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {menu.isPending ? (
            <InlineLoading label="Loading the menu…" />
          ) : menu.isError ? (
            <p role="alert">The menu could not be loaded: {menu.error.message}</p>
          ) : !isAdmin ? (
            categories.length === 0 ? (
              <EmptyState icon={restaurantOutline} title="No menu yet">
                <p>An admin adds the dishes; then you can mark them available or not here.</p>
              </EmptyState>
            ) : (
              <StaffView categories={categories} />
            )
          ) : editing ? (
            <ItemForm
              key={editing.item?.id ?? 'new'}
              item={editing.item}
              categoryId={editing.categoryId}
              categories={categories}
              busy={createItem.isPending || updateItem.isPending}
              error={createItem.error?.message ?? updateItem.error?.message ?? null}
              onSave={save}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              {menu.data ? <GuestsSeeCard menu={menu.data} /> : null}
              <section className="card" aria-labelledby="categories-heading">
                <h2 id="categories-heading">Categories</h2>
                {categories.length === 0 ? (
                  <p className="muted">Start with a category, such as Starters, Mains or Drinks.</p>
                ) : (
                  <IonList lines="full">
                    <IonReorderGroup
                      disabled={false}
                      onIonReorderEnd={(e: ReorderEndCustomEvent) => {
                        e.detail.complete(false);
                        if (e.detail.from !== e.detail.to)
                          reorder.mutate(moved(ids, e.detail.from, e.detail.to));
                      }}
                    >
                      {categories.map((c, index) => (
                        <IonItem key={c.id} data-testid="manager-category-row">
                          <div className="manager-row">
                            <span className="manager-row__name">
                              {c.name}
                              <small>{c.items.length === 1 ? '1 dish' : `${c.items.length} dishes`}</small>
                            </span>
                            <MoveButtons
                              what={c.name}
                              index={index}
                              count={categories.length}
                              onMove={(to) => reorder.mutate(moved(ids, index, to))}
                            />
                          </div>
                          <IonReorder slot="end" aria-label={`Drag ${c.name}`} />
                        </IonItem>
                      ))}
                    </IonReorderGroup>
                  </IonList>
                )}
                <form onSubmit={submitCategory} noValidate>
                  <FormError message={addCategory.error?.message ?? null} />
                  <FormField
                    label="New category"
                    name="new-category"
                    value={newCategory}
                    onValue={setNewCategory}
                  />
                  <IonButton type="submit" disabled={addCategory.isPending}>
                    Add category
                  </IonButton>
                </form>
              </section>
              {categories.map((c) => (
                <CategoryCard key={c.id} category={c} onEdit={setEditing} />
              ))}
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
