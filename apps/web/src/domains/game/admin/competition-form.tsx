import { IonButton, IonSpinner } from '@ionic/react';
import {
  type CompetitionCreate,
  type CompetitionRules,
  LEAGUE_NAMES,
  LEAGUES,
  type PrizeModel,
  type SeasonSummary,
} from '@lastman/api';
import { formatPence, londonDate, penceAsPounds, toPence } from '@lastman/api/format';
import {
  competitionRoundOf,
  defaultRules,
  describeVariants,
  MAX_ENTRY_FEE_PENCE,
  MAX_LIVES,
  type VariantSettings,
} from '@lastman/api/game/rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useRuleDescriptions, useSeasons } from '../api/game-api.ts';
import { RuleChoices } from './rule-choices.tsx';

const prizeModels: Record<PrizeModel, string> = {
  pool: 'Prize pool: the pot is the entry fees paid, less the club’s share. It grows with every paid entry.',
  fixed: 'Fixed prize: the club sets the prize; entry fees do not change it.',
  free: 'Free to enter: no fee; the club may set a prize.',
};

export type CompetitionFormValues = CompetitionCreate;

/** The Premier League season being played: the newest real one with a round still to kick off. */
function currentSeason(seasons: readonly SeasonSummary[], now: number): SeasonSummary | undefined {
  return seasons.find(
    (s) => !s.demo && s.league === 'premier-league' && s.rounds.some((r) => Date.parse(r.firstKickoff) > now),
  );
}

/** The lives a competition may give each entry, as the form and the "what if" offer them. */
export const LIVES_CHOICES = Array.from({ length: MAX_LIVES + 1 }, (_, n) => n);
export const livesChoiceText = (n: number) =>
  n === 0 ? 'No lives (classic)' : n === 1 ? '1 life per entry' : `${n} lives per entry`;

/** Every setting of a competition, each rules choice explained in plain words (from the API). */
export function CompetitionForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: CompetitionFormValues;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (values: CompetitionFormValues) => void;
  onCancel?: () => void;
}) {
  const seasons = useSeasons();
  const rules = useRuleDescriptions();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [seasonId, setSeasonId] = useState(initial?.seasonId ?? '');
  const [startRound, setStartRound] = useState(initial ? String(initial.startRound) : '');
  const [prizeModel, setPrizeModel] = useState<PrizeModel>(initial?.prizeModel ?? 'pool');
  // The typed-in numbers, each kept (with its error) under its input's name.
  const [numbers, setNumbers] = useState(() => initialNumbers(initial));
  const [ruleValues, setRuleValues] = useState<CompetitionRules>(initial?.rules ?? { ...defaultRules });
  const [lives, setLives] = useState(String(initial?.rules.lives ?? 0));
  // The window in the competition's own rounds (1: its first round), as the API takes it.
  const [buyBackUntil, setBuyBackUntil] = useState(
    initial?.buyBack ? String(initial.buyBack.untilRound) : '',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (seasons.isPending || rules.isPending) return <InlineLoading />;
  if (seasons.isError) return <p role="alert">{seasons.error.message}</p>;
  const seasonList = seasons.data.seasons;
  const now = Date.now();
  const season =
    seasonList.find((s) => s.id === seasonId) ??
    seasonList.find((s) => s.demo) ??
    currentSeason(seasonList, now) ??
    seasonList[0];
  const roundChoices = (season?.rounds ?? []).filter((r) => !r.isVoid);
  // The first round a new competition can still start on: its deadline is ahead.
  const leadMs = (Number(numbers.deadlineMinutes) || 0) * 60_000;
  const firstFuture = roundChoices.find((r) => Date.parse(r.firstKickoff) - leadMs > now)?.round;
  const roundValue = startRound || String(firstFuture ?? roundChoices[0]?.round ?? 1);
  // The buy-back window in the competition's own rounds: its 1st, its first 3, ... (each a gameweek).
  const ownRounds = roundChoices.filter((r) => r.round >= Number(roundValue));
  const shownFee = prizeModel === 'free' ? 0 : (toPence(numbers.entryFee) ?? 0);

  function submit(e: FormEvent) {
    e.preventDefault();
    const { values, errors: next } = checkForm({
      name,
      description,
      seasonId: season?.id ?? '',
      roundValue,
      prizeModel,
      numbers,
      buyBackUntil,
      ownRounds,
      ruleValues,
      lives,
    });
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(values);
  }

  // A call, not a component of its own, so each field keeps its place (and useId) in the tree.
  const numberField = (field: keyof typeof numbers, label: string, helper?: string) => (
    <FormField
      label={label}
      name={field}
      value={numbers[field]}
      onValue={(value) => setNumbers((n) => ({ ...n, [field]: value }))}
      inputMode="numeric"
      error={errors[field]}
      helper={helper}
    />
  );

  return (
    <form aria-label={submitLabel} onSubmit={submit} noValidate>
      <FormField label="Name" name="name" value={name} onValue={setName} error={errors.name} />
      <FormField
        label="Description (optional)"
        name="description"
        value={description}
        onValue={setDescription}
        rows={2}
        helper="Shown to players on the competition and its rules. It can change while the competition plays."
      />
      <div className="form-grid">
        <SeasonSelect
          seasons={seasonList}
          value={season?.id ?? ''}
          onValue={(value) => {
            setSeasonId(value);
            setStartRound('');
          }}
        />
        <RoundSelect
          value={roundValue}
          onValue={setStartRound}
          error={errors.startRound}
          rounds={roundChoices}
          now={now}
        />
      </div>
      <PrizeChoice value={prizeModel} onValue={setPrizeModel} />
      <FeeFields prizeModel={prizeModel} numberField={numberField} />
      <h3>Rules</h3>
      <RuleChoices value={ruleValues} onChange={setRuleValues} idPrefix="rule" />
      <div className="form-grid">
        <LivesSelect value={lives} onValue={setLives} error={errors.lives} />
        <BuyBackSelect
          value={buyBackUntil}
          onValue={setBuyBackUntil}
          error={errors.buyBackUntil}
          ownRounds={ownRounds}
          startRound={Number(roundValue)}
        />
        {buyBackUntil !== '' && prizeModel !== 'free'
          ? numberField(
              'buyBackPrice',
              'Buy-back price (£)',
              `Empty: the entry fee, ${formatPence(shownFee)}. ${
                prizeModel === 'pool'
                  ? 'Goes into the pot, less the club’s share. 0 for free.'
                  : '0 for free.'
              }`,
            )
          : null}
      </div>
      <VariantPreview
        settings={{
          rules: { lives: Number(lives) || 0 },
          buyBack:
            buyBackUntil === ''
              ? null
              : { untilRound: Number(buyBackUntil), pricePence: buyBackPriceOf(numbers, shownFee) ?? 0 },
          startRound: Number(roundValue),
          prizeModel,
        }}
      />
      <FormError message={error} />
      <FormActions busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

type NumberInputs = ReturnType<typeof initialNumbers>;

/** The typed-in numbers of a competition, as its form first shows them. */
function initialNumbers(initial: CompetitionFormValues | undefined) {
  return {
    entryFee: penceAsPounds(initial?.entryFeePence ?? 500),
    prize: penceAsPounds(initial?.prizePence ?? 0),
    maxEntries: String(initial?.maxEntriesPerPlayer ?? 1),
    minEntries: String(initial?.minEntries ?? 2),
    houseShare: String(initial?.houseSharePercent ?? 10),
    deadlineMinutes: String(initial?.deadlineMinutes ?? 60),
    // Empty: the entry fee (a buy-back costs what an entry costs unless the club says otherwise).
    buyBackPrice: initial?.buyBack?.pricePence === undefined ? '' : penceAsPounds(initial.buyBack.pricePence),
  };
}

/** The buy-back's price: as typed, or the entry fee when left empty. */
const buyBackPriceOf = (numbers: NumberInputs, feePence: number) =>
  numbers.buyBackPrice.trim() === '' ? feePence : toPence(numbers.buyBackPrice);

type RoundChoice = SeasonSummary['rounds'][number];

/** The form's values as the API takes them, and what is wrong with them, by input name. */
function checkForm({
  name,
  description,
  seasonId,
  roundValue,
  prizeModel,
  numbers,
  buyBackUntil,
  ownRounds,
  ruleValues,
  lives,
}: {
  name: string;
  description: string;
  seasonId: string;
  roundValue: string;
  prizeModel: PrizeModel;
  numbers: NumberInputs;
  buyBackUntil: string;
  ownRounds: RoundChoice[];
  ruleValues: CompetitionRules;
  lives: string;
}): { values: CompetitionFormValues; errors: Record<string, string> } {
  const next: Record<string, string> = {};
  const int = (text: string, key: string, min: number, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) next[key] = `A whole number from ${min} to ${max}.`;
    return n;
  };
  if (!name.trim()) next.name = 'Give the competition a name.';
  const feePence = prizeModel === 'free' ? 0 : toPence(numbers.entryFee);
  if (feePence === null) next.entryFee = 'An amount in pounds, such as 5 or 5.50.';
  else if (prizeModel !== 'free' && feePence === 0) next.entryFee = 'A paid competition needs an entry fee.';
  const prizePence = prizeModel === 'pool' ? 0 : toPence(numbers.prize);
  if (prizePence === null) next.prize = 'An amount in pounds, such as 50.';
  const buyBackPence = prizeModel === 'free' ? 0 : buyBackPriceOf(numbers, feePence ?? 0);
  if (buyBackUntil !== '') {
    if (buyBackPence === null) next.buyBackPrice = 'An amount in pounds, such as 5 or 0 for free.';
    else if (buyBackPence > MAX_ENTRY_FEE_PENCE)
      next.buyBackPrice = `At most ${formatPence(MAX_ENTRY_FEE_PENCE)}, the largest entry fee.`;
    else if (!ownRounds.some((r) => competitionRoundOf(Number(roundValue), r.round) === Number(buyBackUntil)))
      next.buyBackUntil = 'One of the rounds listed, or no buy-backs.';
  }
  const values: CompetitionFormValues = {
    name: name.trim(),
    description: description.trim(),
    seasonId,
    startRound: int(roundValue, 'startRound', 1, 60),
    prizeModel,
    entryFeePence: feePence ?? 0,
    prizePence: prizePence ?? 0,
    maxEntriesPerPlayer: int(numbers.maxEntries, 'maxEntries', 1, 50),
    minEntries: int(numbers.minEntries, 'minEntries', 1, 10_000),
    houseSharePercent: prizeModel === 'pool' ? int(numbers.houseShare, 'houseShare', 0, 100) : 0,
    deadlineMinutes: int(numbers.deadlineMinutes, 'deadlineMinutes', 0, 7 * 24 * 60),
    rules: { ...ruleValues, lives: int(lives, 'lives', 0, MAX_LIVES) },
    buyBack: buyBackUntil === '' ? null : { untilRound: Number(buyBackUntil), pricePence: buyBackPence ?? 0 },
  };
  return { values, errors: next };
}

function PrizeChoice({ value, onValue }: { value: PrizeModel; onValue: (model: PrizeModel) => void }) {
  return (
    <fieldset className="rule-choice">
      <legend>Prize</legend>
      {(Object.keys(prizeModels) as PrizeModel[]).map((m) => (
        <label key={m}>
          <input type="radio" name="prizeModel" value={m} checked={value === m} onChange={() => onValue(m)} />
          <span>{prizeModels[m]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function SeasonSelect({
  seasons,
  value,
  onValue,
}: {
  seasons: SeasonSummary[];
  value: string;
  onValue: (id: string) => void;
}) {
  return (
    <SelectField label="League and season" id="comp-season" name="seasonId" value={value} onValue={onValue}>
      {LEAGUES.map((league) => {
        const own = seasons.filter((s) => s.league === league);
        return own.length === 0 ? null : (
          <optgroup key={league} label={LEAGUE_NAMES[league]}>
            {own.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.stale ? ' (not up to date)' : ''}
              </option>
            ))}
          </optgroup>
        );
      })}
    </SelectField>
  );
}

/** The buy-back window, in the competition's own rounds: 3 is its first three. */
function BuyBackSelect({
  value,
  onValue,
  error,
  ownRounds,
  startRound,
}: {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  ownRounds: RoundChoice[];
  startRound: number;
}) {
  return (
    <SelectField
      label="Buy-backs"
      id="comp-buy-back"
      name="buyBackUntil"
      value={value}
      onValue={onValue}
      error={error}
    >
      <option value="">No buy-backs</option>
      {/* The API takes the window in the competition's own rounds: 3 is its first three. */}
      {ownRounds.map((r) => {
        const n = competitionRoundOf(startRound, r.round);
        return (
          <option key={r.round} value={n}>
            {n === 1
              ? `Knocked out in its 1st round (gameweek ${r.round})`
              : `Knocked out in its first ${n} rounds (gameweeks ${ownRounds[0]?.round}–${r.round})`}
          </option>
        );
      })}
    </SelectField>
  );
}

/** Lives and buy-backs in the words the players will read. */
function VariantPreview({ settings }: { settings: VariantSettings }) {
  return (
    <div className="rule-preview" data-testid="variant-preview" aria-live="polite">
      {describeVariants(settings).map((line) => (
        <p key={line.key}>
          <strong>{line.label}:</strong> {line.text}
        </p>
      ))}
    </div>
  );
}

function RoundSelect({
  value,
  onValue,
  error,
  rounds,
  now,
}: {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  rounds: RoundChoice[];
  now: number;
}) {
  return (
    <SelectField
      label="Starting round"
      id="comp-round"
      name="startRound"
      value={value}
      onValue={onValue}
      error={error}
    >
      {rounds.map((r) => (
        <option key={r.round} value={r.round}>
          Round {r.round} · {londonDate(r.firstKickoff)}
          {Date.parse(r.firstKickoff) < now ? ' (started)' : ''}
        </option>
      ))}
    </SelectField>
  );
}

function LivesSelect({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <SelectField label="Lives" id="comp-lives" name="lives" value={value} onValue={onValue} error={error}>
      {LIVES_CHOICES.map((n) => (
        <option key={n} value={n}>
          {livesChoiceText(n)}
        </option>
      ))}
    </SelectField>
  );
}

type NumberField = (field: keyof NumberInputs, label: string, helper?: string) => ReactNode;

/** The fee or prize, the club's share, and the entry limits: each through the form's number field. */
function FeeFields({ prizeModel, numberField }: { prizeModel: PrizeModel; numberField: NumberField }) {
  return (
    <div className="form-grid">
      {prizeModel !== 'free' ? numberField('entryFee', 'Entry fee (£)', 'Per entry, paid by card.') : null}
      {prizeModel === 'pool'
        ? numberField('houseShare', 'Club’s share (%)', 'Kept by the club; the rest of the fees is the pot.')
        : numberField('prize', 'Prize (£)', 'Shown as the pot. 0 for no prize.')}
      {numberField('maxEntries', 'Most entries per player')}
      {numberField(
        'minEntries',
        'Fewest entries to go ahead',
        'With fewer when the first round locks, it is cancelled and refunded.',
      )}
      {numberField('deadlineMinutes', 'Deadline (minutes before first kick-off)')}
    </div>
  );
}

function FormActions({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: (() => void) | undefined;
}) {
  return (
    <div className="button-row">
      <IonButton type="submit" disabled={busy}>
        {busy ? <IonSpinner name="dots" /> : submitLabel}
      </IonButton>
      {onCancel ? (
        <IonButton fill="outline" onClick={onCancel}>
          Cancel
        </IonButton>
      ) : null}
    </div>
  );
}
