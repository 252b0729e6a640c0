import { IonButton, IonSpinner } from '@ionic/react';
import type { FixtureStatus, FixtureView, ResultCorrectionList } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useSeasonRound, useSeasons } from '../api/game-api.ts';
import { usePreviewResult } from './api/entries-admin-api.ts';
import { useRoundCorrections, useSetResult } from './api/game-admin-api.ts';

const statuses: FixtureStatus[] = ['scheduled', 'live', 'finished', 'postponed', 'abandoned'];

/** Results entry and corrections, by season and round; every change re-settles on the server. */
export function ResultsAdmin() {
  const seasons = useSeasons();
  const [seasonId, setSeasonId] = useState('');
  const [round, setRound] = useState<number | null>(null);
  const list = seasons.data?.seasons ?? [];
  const season = list.find((s) => s.id === seasonId) ?? list.find((s) => s.demo) ?? list[0];
  const rounds = season?.rounds.map((r) => r.round) ?? [];
  const current =
    round ?? season?.currentRound ?? season?.lastPlayedRound ?? rounds[rounds.length - 1] ?? null;
  const data = useSeasonRound(season?.id, current);
  const corrections = useRoundCorrections(season?.id, current);
  const index = current === null ? -1 : rounds.indexOf(current);
  return (
    <section className="card" aria-labelledby="admin-results">
      <h2 id="admin-results">Results</h2>
      <p className="muted small">
        Enter or correct a score. Each change is recorded (who, when, old and new) and re-settles every
        competition from that round on.
      </p>
      {seasons.isPending ? (
        <InlineLoading />
      ) : seasons.isError ? (
        <p role="alert">{seasons.error.message}</p>
      ) : (
        <>
          <div className="toolbar">
            <SelectField
              label="Season"
              id="results-season"
              value={season?.id ?? ''}
              onValue={(value) => {
                setSeasonId(value);
                setRound(null);
              }}
            >
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Round"
              id="results-round"
              value={current ?? ''}
              onValue={(value) => setRound(Number(value))}
            >
              {rounds.map((r) => (
                <option key={r} value={r}>
                  Round {r}
                </option>
              ))}
            </SelectField>
            <IonButton
              fill="outline"
              size="small"
              disabled={index <= 0}
              onClick={() => setRound(rounds[index - 1] ?? null)}
            >
              ‹ Previous
            </IonButton>
            <IonButton
              fill="outline"
              size="small"
              disabled={index < 0 || index >= rounds.length - 1}
              onClick={() => setRound(rounds[index + 1] ?? null)}
            >
              Next ›
            </IonButton>
          </div>
          {data.isPending ? (
            <InlineLoading />
          ) : data.isError ? (
            <p role="alert">{data.error.message}</p>
          ) : (
            <ul className="list-plain">
              {[...data.data.fixtures]
                .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
                .map((f) => (
                  <ResultRow
                    key={`${f.id}-${f.status}-${f.homeScore}-${f.awayScore}`}
                    fixture={f}
                    history={corrections.data?.corrections.filter((c) => c.fixtureId === f.id) ?? []}
                  />
                ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

type Correction = ResultCorrectionList['corrections'][number];

/** "2–0", or the status when there is no final score. */
const resultText = (r: Correction['old']) =>
  r.status === 'finished' && r.home !== null && r.away !== null ? `${r.home}–${r.away}` : r.status;

function ResultRow({ fixture: f, history }: { fixture: FixtureView; history: Correction[] }) {
  const [home, setHome] = useState(f.homeScore === null ? '' : String(f.homeScore));
  const [away, setAway] = useState(f.awayScore === null ? '' : String(f.awayScore));
  const [status, setStatus] = useState<FixtureStatus>(f.status);
  const save = useSetResult();
  const label = `${f.home.name} v ${f.away.name}`;
  const finished = status === 'finished';
  const changed =
    status !== f.status ||
    (finished && (home !== String(f.homeScore ?? '') || away !== String(f.awayScore ?? '')));
  const valid = !finished || (/^\d{1,2}$/.test(home) && /^\d{1,2}$/.test(away));
  const preview = usePreviewResult();
  const result = finished
    ? { status, home: Number(home), away: Number(away) }
    : { status, home: null, away: null };
  // Saving first shows what the result would do; the admin confirms it.
  const ask = () => preview.mutate({ fixtureId: f.id, result });
  const submit = () =>
    save.mutate(
      { fixtureId: f.id, result },
      {
        onSettled: () => preview.reset(),
        onSuccess: (r) =>
          showToast(
            `Saved ${label}.${r.resettled.length > 0 ? ` Re-settled ${r.resettled.length} competition${r.resettled.length === 1 ? '' : 's'}.` : ''}`,
          ),
      },
    );
  return (
    <li className="result-row" data-result={label}>
      <div>
        <strong>{label}</strong>
        <div className="muted small">
          {londonDateTime(f.kickoff)}
          {f.corrected ? ' · corrected by the club' : ''}
          {f.rescheduledOut ? ' · moved out of round' : ''}
        </div>
      </div>
      <div className="result-row__controls">
        <input
          className="score-input"
          aria-label={`${f.home.name} goals`}
          inputMode="numeric"
          value={home}
          disabled={!finished}
          onChange={(e) => setHome(e.target.value)}
        />
        <span aria-hidden="true">–</span>
        <input
          className="score-input"
          aria-label={`${f.away.name} goals`}
          inputMode="numeric"
          value={away}
          disabled={!finished}
          onChange={(e) => setAway(e.target.value)}
        />
        <select
          className="select"
          aria-label={`Status of ${label}`}
          value={status}
          onChange={(e) => setStatus(e.target.value as FixtureStatus)}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <IonButton
          size="small"
          disabled={!changed || !valid || save.isPending || preview.isPending || preview.isSuccess}
          onClick={ask}
        >
          {save.isPending || preview.isPending ? <IonSpinner name="dots" /> : 'Save'}
        </IonButton>
      </div>
      {preview.isSuccess ? (
        <fieldset className="result-preview" aria-label={`Confirm ${label}`}>
          {preview.data.competitions.length === 0 ? (
            <p className="small">No competition of the club has played this round yet: nobody changes.</p>
          ) : (
            <ul className="list-plain small">
              {preview.data.competitions.map((c) => (
                <li key={c.competitionId} data-preview={c.name}>
                  <strong>{c.name}</strong>: {c.summary}
                </li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <IonButton size="small" onClick={submit} disabled={save.isPending}>
              Save result
            </IonButton>
            <IonButton size="small" fill="clear" onClick={() => preview.reset()}>
              Back
            </IonButton>
          </div>
        </fieldset>
      ) : null}
      {history.length > 0 ? (
        <ul className="correction-history muted small" aria-label={`Corrections of ${label}`}>
          {history.map((c) => (
            <li key={c.id} data-correction>
              {c.old.status === 'scheduled' && c.old.home === null ? 'Entered' : 'Corrected'}{' '}
              {londonDateTime(c.at)} by {c.byName}: {resultText(c.old)} → {resultText(c.new)}
            </li>
          ))}
        </ul>
      ) : null}
      {save.isError || preview.isError ? (
        <p role="alert" className="form-error">
          {(save.error ?? preview.error)?.message}
        </p>
      ) : null}
    </li>
  );
}
