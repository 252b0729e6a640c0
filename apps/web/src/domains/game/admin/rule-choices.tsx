import type { CompetitionRules } from '@lastman/api';
import { useRuleDescriptions } from '../api/game-api.ts';

type RuleKey = keyof CompetitionRules;

/** Each rule as a group of radio buttons, every choice explained in plain words (from the API). */
export function RuleChoices({
  value,
  onChange,
  idPrefix,
}: {
  value: CompetitionRules;
  onChange: (rules: CompetitionRules) => void;
  /** Keeps radio groups apart when two sets of choices are on screen at once. */
  idPrefix: string;
}) {
  const rules = useRuleDescriptions();
  if (rules.isError) return <p role="alert">{rules.error.message}</p>;
  return (
    <>
      {(rules.data?.rules ?? []).map((r) => (
        <fieldset key={r.rule} className="rule-choice">
          <legend>{r.label}</legend>
          {r.choices.map((c) => (
            <label key={c.value}>
              <input
                type="radio"
                name={`${idPrefix}-${r.rule}`}
                value={c.value}
                checked={value[r.rule as RuleKey] === c.value}
                onChange={() => onChange({ ...value, [r.rule]: c.value })}
              />
              <span>
                {c.description}
                {c.isDefault ? <span className="muted small"> (standard)</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
