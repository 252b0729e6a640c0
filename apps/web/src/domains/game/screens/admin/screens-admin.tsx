import { IonButton } from '@ionic/react';
import { londonWeekdayTime } from '@lastman/api/format';
import { normaliseScreenCode, SCREEN_PAIRING } from '@lastman/api/game/rules';
import { type FormEvent, useState } from 'react';
import { useMe } from '../../../../lib/me.ts';
import { showError, showToast } from '../../../../lib/toast.ts';
import { FormField } from '../../../../ui/form-field.tsx';
import { useClubScreens, usePairScreen, useUnpairScreen } from '../api/screens-api.ts';
import './screens-admin.css';

/**
 * The club's TV screens: pair one by the code it shows (open /c/<club>/screen on the TV), see the
 * paired ones and when each was last seen, unpair one (it then shows a new code).
 */
export function ScreensAdmin() {
  const screens = useClubScreens();
  const pair = usePairScreen();
  const unpair = useUnpairScreen();
  const slug = useMe().data?.club?.slug ?? '';
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const typed = normaliseScreenCode(code);
  const complete = typed.length === SCREEN_PAIRING.codeLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(name.trim() ? { code: typed, name: name.trim() } : { code: typed }, {
      onSuccess: ({ screen }) => {
        showToast(`${screen.name} is paired: it shows the club's game within 10 seconds.`);
        setCode('');
        setName('');
      },
      onError: showError,
    });
  };

  return (
    <section className="card screens-admin" aria-labelledby="tv-screens-heading">
      <h2 id="tv-screens-heading">TV screens</h2>
      <p>
        On the pub's TV (its browser, or a laptop on the HDMI cable) open{' '}
        <strong className="screen-address">{`${window.location.origin}/c/${slug}/screen`}</strong>. It shows a{' '}
        {SCREEN_PAIRING.codeLength}
        -character code: enter it here.
      </p>
      <form onSubmit={submit}>
        <FormField
          label="Code on the TV"
          name="screen-code"
          value={code}
          onValue={setCode}
          autoComplete="off"
          helper="Letters and digits, as the TV shows them"
        />
        <FormField
          label="Name (optional)"
          name="screen-name"
          value={name}
          onValue={setName}
          helper="Bar TV, Function room…"
        />
        <IonButton type="submit" disabled={!complete || pair.isPending}>
          Pair screen
        </IonButton>
      </form>
      <h3>Paired screens</h3>
      {screens.data && screens.data.screens.length === 0 ? <p>No screen is paired yet.</p> : null}
      <ul data-testid="paired-screens">
        {screens.data?.screens.map((s) => (
          <li key={s.id}>
            <div>
              <strong>{s.name}</strong>
              <br />
              <small>
                Paired {londonWeekdayTime(s.pairedAt)}
                {s.pairedBy ? ` by ${s.pairedBy}` : ''}
                {s.lastSeenAt ? `, last seen ${londonWeekdayTime(s.lastSeenAt)}` : ''}
              </small>
            </div>
            <IonButton
              fill="outline"
              color="danger"
              disabled={unpair.isPending}
              onClick={() =>
                unpair.mutate(s.id, {
                  onSuccess: () => showToast(`${s.name} is unpaired: it shows a new code.`),
                  onError: showError,
                })
              }
            >
              Unpair
            </IonButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
