import { IonButton } from '@ionic/react';
import { formatDay, formatPence, penceAsPounds, toPence } from '@lastman/api/format';
import { PAY_RATE_FROM_THE_START } from '@lastman/api/staff/rules';
import { londonMondayOf } from '@lastman/api/time';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useRotaWeek, useTemplates } from '../shifts/shifts-api.ts';
import { usePositionRates, useSetPayRate, useSetPayrollNumber, useSetPositionRate } from './pay-api.ts';

const perHour = (pence: number) => `${formatPence(pence)} an hour`;

/** Hourly rates, seen only by admins: per position (the fallback) and per person (which wins). */
export function PayRatesPanel() {
  return (
    <>
      <PositionRates />
      <PersonRates />
    </>
  );
}

function PositionRates() {
  const rates = usePositionRates();
  const templates = useTemplates();
  const week = useRotaWeek(londonMondayOf());
  const save = useSetPositionRate();
  const [position, setPosition] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rated = new Set((rates.data?.rates ?? []).map((r) => r.position));
  const unrated = [
    ...new Set([
      ...(templates.data?.templates ?? []).map((t) => t.position),
      ...(week.data?.shifts ?? []).map((s) => s.position),
    ]),
  ]
    .filter((p) => !rated.has(p))
    .sort((a, b) => a.localeCompare(b, 'en-GB'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = position.trim();
    if (!name) return setError('Say which position the rate is for, as written on the shifts.');
    const pence = toPence(amount);
    if (pence === null) return setError('Give the rate in pounds, such as 12.50.');
    setError(null);
    save.mutate(
      { position: name, hourlyRatePence: pence },
      {
        onSuccess: () => {
          showToast(`${name}: ${perHour(pence)}.`);
          setPosition('');
          setAmount('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const remove = (p: string) =>
    save.mutate(
      { position: p, hourlyRatePence: null },
      {
        onSuccess: () => showToast(`${p} has no rate of its own now.`),
        onError: (err) => showToast(err.message, 'error'),
      },
    );

  return (
    <section className="card" aria-labelledby="position-rates">
      <h2 id="position-rates">Pay per position</h2>
      <p className="muted">
        The hourly rate of anyone working in a position who has no rate of their own. Shift costs and
        timesheets use it; only admins see rates.
      </p>
      {rates.isPending ? (
        <InlineLoading label="Loading the rates per position" />
      ) : rates.isError ? (
        <p className="form-error" role="alert">
          The rates could not be loaded: {rates.error.message}
        </p>
      ) : rates.data.rates.length === 0 ? (
        <p className="muted">No rates per position yet.</p>
      ) : (
        rates.data.rates.map((r) => (
          <div key={r.position} className="rota-shift" data-testid="position-rate">
            <div className="rota-shift__main">
              <div className="rota-shift__time">{r.position}</div>
              <div className="rota-shift__meta">{perHour(r.hourlyRatePence)}</div>
            </div>
            <div>
              <IonButton
                size="small"
                fill="outline"
                aria-label={`Change the rate for ${r.position}`}
                onClick={() => {
                  setPosition(r.position);
                  setAmount(penceAsPounds(r.hourlyRatePence));
                }}
              >
                Change
              </IonButton>
              <IonButton
                size="small"
                fill="clear"
                color="danger"
                disabled={save.isPending}
                aria-label={`Remove the rate for ${r.position}`}
                onClick={() => remove(r.position)}
              >
                Remove
              </IonButton>
            </div>
          </div>
        ))
      )}
      {unrated.length ? (
        <p className="muted" data-testid="unrated-positions">
          On the rota without a rate: {unrated.join(', ')}.
        </p>
      ) : null}
      <form className="rota-rate-form" onSubmit={submit} noValidate aria-label="Set a rate for a position">
        <FormError message={error} />
        <FormField
          label="Position"
          name="position"
          value={position}
          onValue={setPosition}
          helper="As written on the shifts, such as Bar or Kitchen."
        />
        <FormField
          label="Hourly rate (£)"
          name="hourlyRate"
          inputMode="decimal"
          value={amount}
          onValue={setAmount}
        />
        <IonButton type="submit" expand="block" disabled={save.isPending}>
          Save rate
        </IonButton>
      </form>
    </section>
  );
}

function PersonRates() {
  const week = useRotaWeek(londonMondayOf());
  const saveRate = useSetPayRate();
  const saveNumber = useSetPayrollNumber();
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [payrollNumber, setPayrollNumber] = useState('');
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const staff = week.data?.staff ?? [];
  const chosen = staff.find((s) => s.userId === userId);
  const saving = saveRate.isPending || saveNumber.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError('Choose the person.');
    const pence = amount.trim() ? toPence(amount) : null;
    if (amount.trim() && pence === null) return setError('Give the rate in pounds, such as 12.50.');
    const number = payrollNumber.trim() || null;
    setError(null);
    try {
      if (number !== chosen.payrollNumber)
        await saveNumber.mutateAsync({ userId: chosen.userId, payrollNumber: number });
      let since = '';
      if (pence !== chosen.hourlyRatePence || from) {
        const set = await saveRate.mutateAsync({
          userId: chosen.userId,
          hourlyRatePence: pence,
          from: from || undefined,
        });
        since =
          set.effectiveFrom === PAY_RATE_FROM_THE_START
            ? ' for all their hours'
            : ` from ${formatDay(set.effectiveFrom)}`;
      }
      showToast(
        `${chosen.name}: ${pence === null ? 'their position’s rate' : perHour(pence)}${since}${
          number ? `, payroll number ${number}` : ''
        }.`,
      );
      setUserId('');
      setAmount('');
      setPayrollNumber('');
      setFrom('');
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section className="card" aria-labelledby="person-rates">
      <h2 id="person-rates">Pay per person</h2>
      <p className="muted">A person’s own rate comes before their position’s.</p>
      {week.isPending ? (
        <InlineLoading label="Loading the staff" />
      ) : week.isError ? (
        <p className="form-error" role="alert">
          The staff could not be loaded: {week.error.message}
        </p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="rota-table">
              <caption className="visually-hidden">
                Each staff member’s own hourly rate and payroll number
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Own rate</th>
                  <th scope="col">Payroll no.</th>
                </tr>
              </thead>
              <tbody>
                {staff.map((s) => (
                  <tr key={s.userId}>
                    <th scope="row">{s.name}</th>
                    <td>
                      {s.hourlyRatePence === null ? 'Position’s rate' : perHour(s.hourlyRatePence)}
                      {s.nextRate ? (
                        <div className="muted">
                          {s.nextRate.hourlyRatePence === null
                            ? 'Position’s rate'
                            : formatPence(s.nextRate.hourlyRatePence)}{' '}
                          from {formatDay(s.nextRate.from)}
                        </div>
                      ) : null}
                    </td>
                    <td>{s.payrollNumber ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form className="rota-rate-form" onSubmit={submit} noValidate aria-label="Set a person’s own rate">
            <FormError message={error} />
            <SelectField
              label="Person"
              value={userId}
              onValue={(v) => {
                setUserId(v);
                const p = staff.find((s) => s.userId === v);
                setAmount(p?.hourlyRatePence ? penceAsPounds(p.hourlyRatePence) : '');
                setPayrollNumber(p?.payrollNumber ?? '');
              }}
            >
              <option value="">Choose a person</option>
              {staff.map((s) => (
                <option key={s.userId} value={s.userId}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <FormField
              label="Own hourly rate (£)"
              name="personRate"
              inputMode="decimal"
              value={amount}
              onValue={setAmount}
              helper="Leave empty to pay the position’s rate."
            />
            <FormField
              label="From (day)"
              name="rateFrom"
              type="date"
              value={from}
              onValue={setFrom}
              helper="Hours from this day on are paid at the new rate; earlier hours keep theirs. Empty: from today (a first rate covers all their hours)."
            />
            <FormField
              label="Payroll number"
              name="payrollNumber"
              value={payrollNumber}
              onValue={setPayrollNumber}
              helper="Their works (employee) number in your payroll software: BrightPay matches hours by it, and the Sage 50 file needs it."
            />
            <IonButton type="submit" expand="block" disabled={saving}>
              Save
            </IonButton>
          </form>
        </>
      )}
    </section>
  );
}
