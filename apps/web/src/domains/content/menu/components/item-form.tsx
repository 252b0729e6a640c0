import { IonButton } from '@ionic/react';
import type { MenuCategory, MenuItem, MenuItemInput } from '@lastman/api';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type Allergen,
  DIETARY_FLAGS,
  DIETARY_LABELS,
  type DietaryFlag,
  type DietConflict,
  dietConflicts,
  dietConflictText,
  MENU_LIMITS,
} from '@lastman/api/content/rules';
import { penceAsPounds, toPence } from '@lastman/api/format';
import { type Dispatch, type FormEvent, type SetStateAction, useState } from 'react';
import { FormError, FormField } from '../../../../ui/form-field.tsx';
import { useRemoveItemPicture, useSetItemPicture } from '../api/menu-api.ts';

const toggle = <T,>(list: T[], value: T, on: boolean) =>
  on ? (list.includes(value) ? list : [...list, value]) : list.filter((v) => v !== value);

/** Add or edit one dish: what it is, its price, and its allergen record. */
export function ItemForm({
  item,
  categoryId,
  categories,
  busy,
  error,
  onSave,
  onCancel,
}: {
  item?: MenuItem;
  categoryId: string;
  categories: MenuCategory[];
  busy: boolean;
  error: string | null;
  onSave: (input: MenuItemInput) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? penceAsPounds(item.pricePence) : '');
  const [calories, setCalories] = useState(item?.calories != null ? String(item.calories) : '');
  const [category, setCategory] = useState(item?.categoryId ?? categoryId);
  const [allergens, setAllergens] = useState<Allergen[]>(item?.allergens ?? []);
  const [mayContain, setMayContain] = useState<Allergen[]>(item?.mayContain ?? []);
  const [dietary, setDietary] = useState<DietaryFlag[]>(item?.dietary ?? []);
  const [available, setAvailable] = useState(item?.available ?? true);
  const [errors, setErrors] = useState<{ name?: string; price?: string; calories?: string }>({});
  // Said as soon as the boxes contradict each other, and saving waits until they do not.
  const conflicts = dietConflicts({ allergens, mayContain, dietary });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pricePence = toPence(price);
    const kcal = calories.trim() === '' ? null : Number(calories);
    const next = {
      name: name.trim() ? undefined : 'Enter the name of the dish.',
      price:
        pricePence === null || pricePence > MENU_LIMITS.priceMaxPence
          ? 'Enter a price in pounds, such as 12.50.'
          : undefined,
      calories:
        kcal !== null && (!Number.isInteger(kcal) || kcal < 0 || kcal > MENU_LIMITS.caloriesMax)
          ? 'Enter the calories as a whole number, or leave it empty.'
          : undefined,
    };
    setErrors(next);
    if (next.name || next.price || next.calories || pricePence === null || conflicts.length > 0) return;
    onSave({
      categoryId: category,
      name: name.trim(),
      description: description.trim(),
      pricePence,
      allergens,
      mayContain,
      dietary,
      calories: kcal,
      available,
    });
  };

  return (
    <form
      className="card item-form"
      onSubmit={submit}
      noValidate
      aria-label={item ? `Edit ${item.name}` : 'New dish'}
    >
      <h2>{item ? `Edit ${item.name}` : 'New dish'}</h2>
      <FormError message={error} />
      <FormField label="Name" name="name" value={name} onValue={setName} error={errors.name} />
      <FormField
        label="Description"
        name="description"
        value={description}
        onValue={setDescription}
        rows={2}
      />
      <FormField
        label="Price (£)"
        name="price"
        inputMode="text"
        value={price}
        onValue={setPrice}
        error={errors.price}
      />
      <FormField
        label="Calories per portion (optional)"
        name="calories"
        inputMode="numeric"
        value={calories}
        onValue={setCalories}
        error={errors.calories}
      />
      {categories.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor="item-category">
            Category
          </label>
          <select
            id="item-category"
            className="field__control"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {item ? <PictureField item={item} /> : null}
      <AllergenRecord
        allergens={allergens}
        setAllergens={setAllergens}
        mayContain={mayContain}
        setMayContain={setMayContain}
        dietary={dietary}
        setDietary={setDietary}
        conflicts={conflicts}
      />
      <label className="check-line">
        <input type="checkbox" checked={available} onChange={(e) => setAvailable(e.target.checked)} />{' '}
        Available today
      </label>
      <p className="muted">Saving records today as the date these allergens were checked.</p>
      <div className="form-actions">
        <IonButton type="submit" disabled={busy}>
          {item ? 'Save dish' : 'Add dish'}
        </IonButton>
        <IonButton fill="clear" onClick={onCancel}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

/** A dish's picture: chosen from the device, checked and resized by the server. */

type ListSetter<T> = Dispatch<SetStateAction<T[]>>;

/** The dish's allergen record: what it contains, may contain, and the diets it suits, checked against each other. */
function AllergenRecord({
  allergens,
  setAllergens,
  mayContain,
  setMayContain,
  dietary,
  setDietary,
  conflicts,
}: {
  allergens: Allergen[];
  setAllergens: ListSetter<Allergen>;
  mayContain: Allergen[];
  setMayContain: ListSetter<Allergen>;
  dietary: DietaryFlag[];
  setDietary: ListSetter<DietaryFlag>;
  conflicts: DietConflict[];
}) {
  return (
    <>
      <fieldset className="check-grid">
        <legend>Contains</legend>
        {ALLERGENS.map((a) => (
          <label key={a}>
            <input
              type="checkbox"
              name={`contains-${a}`}
              checked={allergens.includes(a)}
              onChange={(e) => {
                setAllergens((s) => toggle(s, a, e.target.checked));
                if (e.target.checked) setMayContain((s) => toggle(s, a, false));
              }}
            />
            {ALLERGEN_LABELS[a]}
          </label>
        ))}
      </fieldset>
      <fieldset className="check-grid">
        <legend>May contain (traces)</legend>
        {ALLERGENS.map((a) => (
          <label key={a}>
            <input
              type="checkbox"
              name={`may-${a}`}
              checked={mayContain.includes(a)}
              disabled={allergens.includes(a)}
              onChange={(e) => setMayContain((s) => toggle(s, a, e.target.checked))}
            />
            {ALLERGEN_LABELS[a]}
          </label>
        ))}
      </fieldset>
      <fieldset
        className="check-grid"
        aria-describedby={conflicts.length ? 'item-diet-conflicts' : undefined}
        aria-invalid={conflicts.length ? true : undefined}
      >
        <legend>Diet</legend>
        {DIETARY_FLAGS.map((d) => (
          <label key={d}>
            <input
              type="checkbox"
              name={`diet-${d}`}
              checked={dietary.includes(d)}
              onChange={(e) => setDietary((s) => toggle(s, d, e.target.checked))}
            />
            {DIETARY_LABELS[d]}
          </label>
        ))}
      </fieldset>
      {conflicts.length ? (
        <div id="item-diet-conflicts" className="menu-conflicts" role="alert" data-testid="diet-conflicts">
          <p>
            <strong>The diet labels contradict the allergens.</strong> Untick the label or the allergen before
            you save: guests filtering by diet rely on it.
          </p>
          <ul>
            {conflicts.map((c) => (
              <li key={`${c.diet}-${c.allergen}`}>{dietConflictText(c)}.</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function PictureField({ item }: { item: MenuItem }) {
  const set = useSetItemPicture();
  const remove = useRemoveItemPicture();
  const [shown, setShown] = useState(item.thumbnailUrl);
  return (
    <div className="field">
      <span className="field__label">Picture</span>
      {shown ? (
        <img className="menu-item__img" src={shown} alt={`${item.name}`} width={72} height={72} />
      ) : null}
      <FormError message={set.error?.message ?? remove.error?.message ?? null} />
      <label className="check-line">
        <input
          type="file"
          accept="image/*"
          aria-label={`Choose a picture of ${item.name}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) set.mutate({ id: item.id, file }, { onSuccess: (r) => setShown(r.item.thumbnailUrl) });
          }}
        />
      </label>
      {shown ? (
        <IonButton fill="clear" onClick={() => remove.mutate(item.id, { onSuccess: () => setShown(null) })}>
          Remove the picture
        </IonButton>
      ) : null}
      {set.isPending ? <p className="muted">Uploading…</p> : null}
    </div>
  );
}
