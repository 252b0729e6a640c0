import type { MenuItem } from '@lastman/api';
import { ALLERGEN_LABELS, DIETARY_LABELS, dietsThatHold } from '@lastman/api/content/rules';
import { formatLongDate, formatPence } from '@lastman/api/format';

const names = (codes: readonly (keyof typeof ALLERGEN_LABELS)[]) =>
  codes.map((a) => ALLERGEN_LABELS[a]).join(', ');

/**
 * One dish as a guest reads it: price, flags, what it contains and may contain. A diet label its own
 * allergens contradict (saved before that was refused) is not shown: guests rely on it.
 */
export function MenuItemFacts({ item }: { item: MenuItem }) {
  const diets = dietsThatHold(item);
  return (
    <div className={item.available ? 'menu-item' : 'menu-item menu-item--off'}>
      {item.thumbnailUrl ? (
        <img
          className="menu-item__img"
          src={item.thumbnailUrl}
          alt=""
          loading="lazy"
          width={72}
          height={72}
        />
      ) : null}
      <div className="menu-item__head">
        <h3>{item.name}</h3>
        <span className="menu-item__price">{formatPence(item.pricePence)}</span>
      </div>
      {item.available ? null : <p className="menu-item__off">Not available today</p>}
      {item.description ? <p className="menu-item__text">{item.description}</p> : null}
      {diets.length || item.calories !== null ? (
        <p className="menu-item__tags">
          {diets.map((d) => (
            <span key={d} className="menu-tag">
              {DIETARY_LABELS[d]}
            </span>
          ))}
          {item.calories !== null ? (
            <span className="menu-tag menu-tag--plain">{item.calories} kcal</span>
          ) : null}
        </p>
      ) : null}
      <p className="menu-item__allergens">
        {item.allergens.length ? (
          <>
            <strong>Contains:</strong> {names(item.allergens)}.
          </>
        ) : (
          'Contains none of the 14 allergens.'
        )}
        {item.mayContain.length ? (
          <>
            {' '}
            <strong>May contain:</strong> {names(item.mayContain)}.
          </>
        ) : null}
      </p>
    </div>
  );
}

/** 2026-11-23 as 23 November 2026. */
export const checkedDate = formatLongDate;
