import { IonButton, IonContent, IonRouterLink, IonSpinner, useIonRouter } from '@ionic/react';
import { CLUB_SLUG } from '@lastman/api/club/rules';
import { type FormEvent, useState } from 'react';
import { useMe } from '../../lib/me.ts';
import { showToast } from '../../lib/toast.ts';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useCreateClub } from './api/clubs-api.ts';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/^the\s+/, '')
    // "The King's Arms" is kings-arms: an apostrophe joins its word, it does not split it.
    .replace(/['‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** "Run Last Man Standing at your club": a person, new or a member elsewhere, starts a club. */
export function StartClubPage() {
  const me = useMe();
  const router = useIonRouter();
  const create = useCreateClub();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const shownSlug = slugTouched ? slug : slugOf(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : "Enter your club's name.",
      slug: CLUB_SLUG.test(shownSlug)
        ? undefined
        : 'Use 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.',
    };
    setErrors(next);
    if (next.name || next.slug) return;
    try {
      await create.mutateAsync({
        name: name.trim(),
        slug: shownSlug,
        ...(address.trim() ? { address: address.trim() } : {}),
      });
      showToast(`${name.trim()} is ready. You are its admin.`);
      router.push('/club-settings', 'root', 'replace');
    } catch {
      // Shown below from the mutation's error.
    }
  };

  if (me.isPending) return <PageLoading />;
  return (
    <>
      <PageHeader title="Start your club" back="/app/tabs/game" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <section className="card">
            <h2>Run Last Man Standing at your club</h2>
            <p>
              Start your club in a few minutes: you become its admin, get a join code, a link and a poster
              with a QR code for the bar, and run your own competitions.
            </p>
            <p>
              How the money reaches the pub: players pay their entry by card into your club’s own Stripe
              account (you connect it after starting the club), and Stripe pays it into your bank. You pay the
              winner the pot, cash over the bar or by bank transfer; the house share you set stays with the
              pub.
            </p>
          </section>
          {!me.data ? (
            <section className="card">
              <p>First create your account (or log in if you have one), then name your club.</p>
              <IonButton expand="block" routerLink="/signup?start=1">
                Create your account
              </IonButton>
              <p>
                Already have an account?{' '}
                <IonRouterLink routerLink="/login?next=%2Fstart-club">Log in</IonRouterLink>
              </p>
            </section>
          ) : (
            <form className="card" onSubmit={submit} noValidate>
              <FormField
                label="Club name"
                name="clubName"
                value={name}
                onValue={setName}
                error={errors.name}
              />
              <FormField
                label="Web address name"
                name="slug"
                value={shownSlug}
                onValue={(v) => {
                  setSlugTouched(true);
                  setSlug(v.toLowerCase());
                }}
                error={errors.slug}
                helper={`Your link: ${window.location.origin}/c/${shownSlug || 'your-club'}`}
              />
              <FormField
                label="Address (optional)"
                name="address"
                value={address}
                onValue={setAddress}
                autoComplete="street-address"
              />
              <FormError message={create.error ? create.error.message : null} />
              <IonButton type="submit" expand="block" disabled={create.isPending}>
                {create.isPending ? <IonSpinner name="dots" /> : 'Start my club'}
              </IonButton>
            </form>
          )}
        </div>
      </IonContent>
    </>
  );
}
