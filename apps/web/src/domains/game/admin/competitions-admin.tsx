import { IonButton } from '@ionic/react';
import type { CompetitionDetail, CompetitionSummary } from '@lastman/api';
import { formatPence, londonDateTime } from '@lastman/api/format';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { CheckboxField, FormError, FormField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useCompetition, useCompetitions } from '../api/game-api.ts';
import { CompetitionStatusPill } from '../components/status-pill.tsx';
import {
  useCancelCompetition,
  useCompetitionReviews,
  useCreateCompetition,
  useOpenCompetition,
  useUpdateCompetition,
} from './api/game-admin-api.ts';
import { CompetitionForm, type CompetitionFormValues } from './competition-form.tsx';
import { EntriesPanel } from './entries-admin.tsx';
import { PayoutsPanel } from './payouts-admin.tsx';
import { ReplayPreviewPanel } from './replay-preview.tsx';

/** Competitions: create, edit while draft, open, cancel; rounds and deadlines of each. */
export function CompetitionsAdmin() {
  const competitions = useCompetitions();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [showEnded, setShowEnded] = useState(false);
  const create = useCreateCompetition();
  const all = competitions.data?.competitions ?? [];
  const ended = all.filter((c) => c.status === 'finished' || c.status === 'cancelled');
  const shown = showEnded ? all : all.filter((c) => !ended.includes(c) || c.id === selected);
  const reviews = useCompetitionReviews();
  return (
    <section className="card" aria-labelledby="admin-comps">
      <div className="card-heading">
        <h2 id="admin-comps">Competitions</h2>
        {!creating ? (
          <IonButton size="small" onClick={() => setCreating(true)}>
            New competition
          </IonButton>
        ) : null}
      </div>
      {reviews.data && reviews.data.reviews.length > 0 ? (
        <div className="review-flag" role="alert" data-testid="reviews">
          <strong>
            {reviews.data.reviews.length === 1
              ? 'A competition needs your review'
              : `${reviews.data.reviews.length} competitions need your review`}
          </strong>
          <ul className="list-plain">
            {reviews.data.reviews.map((r) => (
              <li key={r.competitionId}>
                <strong>{r.name}</strong>: {r.reason}{' '}
                <IonButton size="small" fill="clear" onClick={() => setSelected(r.competitionId)}>
                  Manage
                </IonButton>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {creating ? (
        <CompetitionForm
          submitLabel="Create competition"
          busy={create.isPending}
          error={create.isError ? create.error.message : null}
          onCancel={() => {
            setCreating(false);
            create.reset();
          }}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (d) => {
                setCreating(false);
                setSelected(d.competition.id);
                showToast(`Created “${d.competition.name}” as a draft. Open it when you are ready.`);
              },
            })
          }
        />
      ) : competitions.isPending ? (
        <InlineLoading />
      ) : competitions.isError ? (
        <p role="alert">{competitions.error.message}</p>
      ) : all.length === 0 ? (
        <p className="muted">No competitions yet. Create one to start a game.</p>
      ) : (
        <ul className="list-plain">
          {ended.length > 0 ? (
            <li>
              <CheckboxField
                label={`Show finished and cancelled competitions (${ended.length})`}
                checked={showEnded}
                onChange={setShowEnded}
              />
            </li>
          ) : null}
          {shown.length === 0 ? (
            <li className="muted">Every competition has finished or been cancelled.</li>
          ) : null}
          {shown.map((c) => (
            <li key={c.id} className="order" data-admin-competition={c.name}>
              <div className="row">
                <h3>{c.name}</h3>
                <CompetitionStatusPill status={c.status} />
              </div>
              <p className="muted small">
                {c.seasonName} · from round {c.startRound} ·{' '}
                {c.prizeModel === 'free' ? 'free' : `${formatPence(c.entryFeePence)} an entry`} · pot{' '}
                {formatPence(c.potPence)} · {c.entriesRemaining} of {c.entriesTotal} entries in
              </p>
              <IonButton
                size="small"
                fill="outline"
                aria-expanded={selected === c.id}
                onClick={() => setSelected(selected === c.id ? null : c.id)}
              >
                {selected === c.id ? 'Close' : 'Manage'}
              </IonButton>
              {selected === c.id ? <CompetitionManager summary={c} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CompetitionManager({ summary }: { summary: CompetitionSummary }) {
  const detail = useCompetition(summary.id);
  const [editing, setEditing] = useState(false);
  const [editingWords, setEditingWords] = useState(false);
  const update = useUpdateCompetition();
  const open = useOpenCompetition();
  const cancel = useCancelCompetition();
  const [presentAlert] = useIonAlert();
  if (detail.isPending) return <InlineLoading />;
  if (detail.isError) return <p role="alert">{detail.error.message}</p>;
  const d = detail.data;
  const c = d.competition;
  const failure = open.error ?? cancel.error ?? null;
  const confirmCancel = () =>
    void presentAlert({
      header: `Cancel “${c.name}”?`,
      message: 'Every paid entry is refunded in full and the competition ends. This cannot be undone.',
      buttons: [
        { text: 'Keep it', role: 'cancel' },
        {
          text: 'Cancel competition',
          role: 'destructive',
          handler: () =>
            cancel.mutate(c.id, { onSuccess: () => showToast('Competition cancelled and refunded.') }),
        },
      ],
    });
  if (editing) {
    const initial: CompetitionFormValues = {
      name: c.name,
      description: c.description,
      seasonId: c.seasonId,
      startRound: c.startRound,
      prizeModel: c.prizeModel,
      entryFeePence: c.entryFeePence,
      prizePence: c.prizePence,
      maxEntriesPerPlayer: c.maxEntriesPerPlayer,
      minEntries: c.minEntries,
      houseSharePercent: c.houseSharePercent,
      deadlineMinutes: c.deadlineMinutes,
      rules: c.rules,
      buyBack: c.buyBack,
    };
    return (
      <CompetitionForm
        initial={initial}
        submitLabel="Save changes"
        busy={update.isPending}
        error={update.isError ? update.error.message : null}
        onCancel={() => setEditing(false)}
        onSubmit={(patch) => update.mutate({ id: c.id, patch }, { onSuccess: () => setEditing(false) })}
      />
    );
  }
  if (editingWords) {
    return (
      <WordsForm
        name={c.name}
        description={c.description}
        busy={update.isPending}
        error={update.isError ? update.error.message : null}
        onCancel={() => {
          setEditingWords(false);
          update.reset();
        }}
        onSubmit={(patch) => update.mutate({ id: c.id, patch }, { onSuccess: () => setEditingWords(false) })}
      />
    );
  }
  return (
    <div className="manager">
      <div className="button-row">
        {c.status === 'open' || c.status === 'running' ? (
          <IonButton size="small" fill="outline" onClick={() => setEditingWords(true)}>
            Edit name and description
          </IonButton>
        ) : null}
        {c.status === 'draft' ? (
          <>
            <IonButton size="small" fill="outline" onClick={() => setEditing(true)}>
              Edit
            </IonButton>
            <IonButton
              size="small"
              onClick={() =>
                open.mutate(c.id, { onSuccess: () => showToast('Open: members can now enter.') })
              }
              disabled={open.isPending}
            >
              Open for entries
            </IonButton>
          </>
        ) : null}
        {c.status !== 'cancelled' && c.status !== 'finished' ? (
          <IonButton
            size="small"
            color="danger"
            fill="outline"
            onClick={confirmCancel}
            disabled={cancel.isPending}
          >
            Cancel and refund
          </IonButton>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="form-error">
          {failure.message}
        </p>
      ) : null}
      {c.status === 'finished' || c.status === 'running' ? <PayoutsPanel competitionId={c.id} /> : null}
      {c.status !== 'draft' ? (
        <EntriesPanel
          competitionId={c.id}
          cashFeePence={
            c.status === 'open' && c.prizeModel !== 'free' && c.entryFeePence > 0 ? c.entryFeePence : null
          }
          pickWindow={c.pickRound !== null ? { round: c.pickRound, deadline: c.pickDeadline } : null}
        />
      ) : null}
      <RoundsTable detail={d} />
      {c.status !== 'draft' ? <ReplayPreviewPanel detail={d} /> : null}
    </div>
  );
}

function RoundsTable({ detail }: { detail: CompetitionDetail }) {
  const { rounds, competition } = detail;
  if (rounds.length === 0) return <p className="muted small">No rounds yet.</p>;
  return (
    <div className="table-scroll">
      <table className="picks-table">
        <caption className="visually-hidden">Rounds of {competition.name}</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Deadline (UK)</th>
            <th scope="col">State</th>
            <th scope="col">Through / out</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => (
            <tr key={r.round}>
              <td>{r.round}</td>
              <td>{r.isVoid ? 'void: no pick' : r.deadline ? londonDateTime(r.deadline) : '–'}</td>
              <td>
                {r.state}
                {r.rollover ? ' · rollover' : ''}
              </td>
              <td>{r.survivors === null ? '–' : `${r.survivors} / ${r.eliminated ?? 0}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Once players are in, only the words change: the name and the description. */
function WordsForm(props: {
  name: string;
  description: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (patch: { name: string; description: string }) => void;
}) {
  const [name, setName] = useState(props.name);
  const [description, setDescription] = useState(props.description);
  return (
    <form
      aria-label="Edit name and description"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit({ name: name.trim(), description: description.trim() });
      }}
    >
      <p className="muted small">Players have entered: the rules, fee and rounds stay as they are.</p>
      <FormField label="Name" name="name" value={name} onValue={setName} />
      <FormField
        label="Description (optional)"
        name="description"
        value={description}
        onValue={setDescription}
        rows={2}
      />
      <FormError message={props.error} />
      <div className="button-row">
        <IonButton type="submit" size="small" disabled={props.busy || !name.trim()}>
          Save
        </IonButton>
        <IonButton size="small" fill="clear" onClick={props.onCancel}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
