import { IonButton, useIonRouter } from '@ionic/react';
import { ANALYTICS_MAX_DAYS } from '@lastman/api';
import { formatDate } from '@lastman/api/format';
import { dayNumber, todayInLondon } from '@lastman/api/time';
import { useState } from 'react';
import { CheckboxField, FormField, SelectField } from '../../ui/form-field.tsx';
import { useAnalyticsReport } from './api/analytics-api.ts';
import { type AnalyticsFilters, presets, withQuery } from './filters.ts';

/** Leaves for the analytics with the new filters in the URL. */
export function useApplyFilters() {
  const router = useIonRouter();
  return (f: AnalyticsFilters) => router.push(withQuery('/analytics', f), 'back');
}

/** The competition choice: all, or one of the club's (from the same report the analytics load). */
export function CompetitionSelect({
  filters,
  value,
  onValue,
}: {
  filters: AnalyticsFilters;
  value: string;
  onValue: (id: string) => void;
}) {
  const report = useAnalyticsReport(filters);
  const choices = report.data?.competitionChoices ?? [];
  return (
    <SelectField label="Competition" value={value} onValue={onValue}>
      <option value="">All competitions</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
      {value && !choices.some((c) => c.id === value) ? (
        <option value={value}>The chosen competition</option>
      ) : null}
    </SelectField>
  );
}

/** `analytics-filter`: a quick period (this week, last month…) and the competition. */
export function QuickFilters({ filters }: { filters: AnalyticsFilters }) {
  const apply = useApplyFilters();
  const [competitionId, setCompetitionId] = useState(filters.competitionId ?? '');
  const today = todayInLondon();
  return (
    <>
      <CompetitionSelect filters={filters} value={competitionId} onValue={setCompetitionId} />
      <h2 className="analytics-filter-heading">Period</h2>
      <ul className="analytics-presets">
        {presets(today).map((p) => {
          const chosen = filters.from === p.from && filters.to === p.to;
          return (
            <li key={p.id}>
              <IonButton
                expand="block"
                fill={chosen ? 'solid' : 'outline'}
                aria-pressed={chosen}
                data-preset={p.id}
                onClick={() =>
                  apply({ ...filters, from: p.from, to: p.to, competitionId: competitionId || null })
                }
              >
                <span className="analytics-preset">
                  <span>{p.label}</span>
                  <span className="analytics-preset__dates">
                    {formatDate(p.from)} – {formatDate(p.to)}
                  </span>
                </span>
              </IonButton>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** What is wrong with a pair of dates, in plain words; null when they make a period. */
export function periodProblem(from: string, to: string): string | null {
  if (!from && !to) return null;
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return 'Choose both a start and an end date, or neither.';
  if (a > b) return 'The start date must be on or before the end date.';
  if (b - a + 1 > ANALYTICS_MAX_DAYS) return `A period can be at most ${ANALYTICS_MAX_DAYS} days long.`;
  return null;
}

/** `filterall`: every filter in one form: exact dates, competition, comparison. */
export function AllFilters({ filters }: { filters: AnalyticsFilters }) {
  const apply = useApplyFilters();
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [competitionId, setCompetitionId] = useState(filters.competitionId ?? '');
  const [compare, setCompare] = useState(filters.compare);
  const [submitted, setSubmitted] = useState(false);
  const problem = periodProblem(from, to);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (problem) return;
        apply({ from: from || null, to: to || null, competitionId: competitionId || null, compare });
      }}
    >
      <div className="form-grid">
        <FormField
          label="From"
          name="from"
          type="date"
          value={from}
          onValue={setFrom}
          helper="London date, included"
        />
        <FormField
          label="To"
          name="to"
          type="date"
          value={to}
          onValue={setTo}
          error={submitted && problem ? problem : undefined}
          helper="Leave both empty for the last 28 days"
        />
      </div>
      <CompetitionSelect filters={filters} value={competitionId} onValue={setCompetitionId} />
      <CheckboxField
        label="Compare with the period of the same length just before"
        checked={compare}
        onChange={setCompare}
      />
      <div className="analytics-filter-actions">
        <IonButton type="submit">Show figures</IonButton>
        <IonButton
          fill="outline"
          onClick={() => apply({ from: null, to: null, competitionId: null, compare: false })}
        >
          Clear all filters
        </IonButton>
      </div>
    </form>
  );
}
