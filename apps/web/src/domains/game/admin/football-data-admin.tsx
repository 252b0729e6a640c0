import { IonButton, IonSpinner } from '@ionic/react';
import { LEAGUE_NAMES, type SeasonDataState } from '@lastman/api';
import { londonDate, londonDateTime } from '@lastman/api/format';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useFootballData, useUploadSeason } from './api/game-admin-api.ts';

const UPDATED_BY: Record<NonNullable<SeasonDataState['updatedBy']>, string> = {
  bundled: 'the file that came with the server',
  import: 'a file imported on the server',
  'openfootball-feed': 'openfootball, over the internet',
  upload: 'a file uploaded in the app',
  'football-data': 'football-data.org',
  demo: 'the demo',
};

function SeasonState({ season }: { season: SeasonDataState }) {
  return (
    <li className="data-season" data-season-key={season.key}>
      <div className="data-season-head">
        <strong>{season.name}</strong> <span className="muted small">{LEAGUE_NAMES[season.league]}</span>{' '}
        {season.stale ? (
          <span className="pill pill--warn" data-testid="data-stale">
            Not up to date
          </span>
        ) : (
          <span className="pill pill--good">Up to date</span>
        )}
      </div>
      <p className="small">
        {season.lastResultAt
          ? `Results up to ${londonDate(season.lastResultAt)}${season.lastPlayedRound ? ` (round ${season.lastPlayedRound} complete)` : ''}.`
          : 'No results yet.'}{' '}
        {season.updatedAt && season.updatedBy
          ? `Last changed ${londonDateTime(season.updatedAt)}, from ${UPDATED_BY[season.updatedBy]}.`
          : null}
      </p>
      {season.feedCheckedAt ? (
        <p className="small muted">Last checked with openfootball {londonDateTime(season.feedCheckedAt)}.</p>
      ) : null}
      {season.feedError ? (
        <p className="small" role="alert" data-testid="feed-error">
          The last update did not work, so nothing was changed: {season.feedError}
        </p>
      ) : null}
    </li>
  );
}

/** Where the football data comes from and how fresh it is; the people who run the server can upload a season. */
export function FootballDataPanel() {
  const state = useFootballData();
  if (state.isPending) return <InlineLoading />;
  if (state.isError)
    return <p role="alert">The football data’s state could not be loaded: {state.error.message}</p>;
  const { seasons, feeds, canUpload } = state.data;
  return (
    <section className="card" aria-labelledby="admin-football-data" data-testid="football-data">
      <h2 id="admin-football-data">Football data</h2>
      <p className="small">
        {feeds.openfootballUrl
          ? `Fixtures and results update by themselves from openfootball (free), every ${Math.round(feeds.openfootballPollSeconds / 60)} minutes and more often on match days.`
          : 'This server does not fetch fixtures and results: they come from the files it has, uploads, and the results you enter.'}
        {feeds.footballData ? ' Live scores come from football-data.org, on its own season.' : ''}
      </p>
      {seasons.length === 0 ? (
        <p className="small">No season is being played now.</p>
      ) : (
        <ul className="list-plain data-seasons">
          {seasons.map((s) => (
            <SeasonState key={s.id} season={s} />
          ))}
        </ul>
      )}
      {seasons.some((s) => s.stale) ? (
        <p className="small muted">
          A season that is not up to date still runs: enter results on the Results tab, or ask whoever runs
          the server to upload a newer file.
        </p>
      ) : null}
      {canUpload ? <SeasonUploadForm /> : null}
    </section>
  );
}

/** The football data's state, asked for when the admin opens it (it reads every season). */
export function FootballDataSection() {
  const [open, setOpen] = useState(false);
  if (open) return <FootballDataPanel />;
  return (
    <section className="card" aria-label="Football data">
      <IonButton fill="outline" size="small" onClick={() => setOpen(true)}>
        Football data: source and freshness
      </IonButton>
    </section>
  );
}

function SeasonUploadForm() {
  const upload = useUploadSeason();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="season-upload">
      <label className="season-file">
        <span>Upload a season file (openfootball’s football.json, such as 2026-27/en.1.json)</span>
        <input
          type="file"
          accept="application/json,.json"
          data-testid="season-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(null);
            void file
              .text()
              .then((text) => upload.mutateAsync({ text }))
              .then((result) => showToast(`${result.name}: ${result.summary}`))
              .catch((err: Error) => setError(err.message));
          }}
        />
      </label>
      {upload.isPending ? <IonSpinner name="dots" aria-label="Uploading" /> : null}
      {error ? (
        <p role="alert" className="form-error" data-testid="season-upload-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
