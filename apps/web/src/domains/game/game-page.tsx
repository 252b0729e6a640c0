import { IonButton, IonContent } from '@ionic/react';
import type { CompetitionDetail } from '@lastman/api';
import { useQuery } from '@tanstack/react-query';
import { cloudOfflineOutline, trophyOutline } from 'ionicons/icons';
import { Suspense, useEffect } from 'react';
import { clubQuery, configQuery, useClub } from '../../lib/club.ts';
import { useMe } from '../../lib/me.ts';
import { useUiState } from '../../lib/ui-state.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { lazyPart } from '../../ui/lazy-part.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { PullToRefresh } from '../../ui/pull-to-refresh.tsx';
import { useClubCompetitions, useGameScreen } from './api/game-api.ts';
import { VisitorCompetitions } from './components/visitor-competitions.tsx';
import { awaitsMatchDay, useLiveUpdates, useRefetchAtDeadlines } from './live/live-api.ts';
import { StartClubHint } from './start-club-hint.tsx';
import '../../ui/game-screens.css';

/** Shown only when a paid competition is open under test payments; the payments code stays out of the first page. */
const TestPaymentsBanner = lazyPart(async () => (await import('../payments/index.ts')).TestPaymentsBanner, {
  quiet: true,
});

// The competition cards and the next action, for signed-in members only: a signed-out visitor's first
// page does without their code; a member's screen starts fetching it with the competitions.
const loadSignedIn = () => import('./components/signed-in.ts');
const CompetitionCard = lazyPart(async () => (await loadSignedIn()).CompetitionCard);
const NextAction = lazyPart(async () => (await loadSignedIn()).NextAction, { quiet: true });

// Below the competitions, for signed-in players only: not part of the first screen's code.
const loadInvite = () => import('./components/invite-friends.tsx');
const InviteFriends = lazyPart(async () => (await loadInvite()).InviteFriends, { quiet: true });

export function GamePage() {
  const loggedIn = useUiState((s) => s.loggedIn);
  const remembered = useUiState((s) => s.remembered);
  const me = useMe();
  const club = useClub();
  // While the server cannot say who is signed in, the person this device remembers stays in.
  const signedIn = Boolean(me.data) || (me.data === undefined && remembered !== null);
  const screen = useGameScreen(Boolean(me.data));
  // On match day the scores and who is still in change while the screen is open: pushed, not polled.
  // The stream is held while a competition waits for match day, so a round that kicks off while the
  // screen is open shows its live panel without a reload; at each deadline the screen is fetched again.
  const waiting = (screen.data?.competitions ?? [])
    .map(({ competition }) => competition)
    .filter(awaitsMatchDay);
  useLiveUpdates(
    Boolean(me.data) && waiting.length > 0,
    waiting.map((c) => c.seasonId),
  );
  useRefetchAtDeadlines(waiting.flatMap((c) => [c.deadline, c.pickDeadline]));
  useEffect(() => {
    if (!signedIn) return;
    void loadSignedIn();
    void loadInvite();
  }, [signedIn]);
  const config = useQuery(configQuery);
  // A visitor's list of the club's competitions, asked for here too (one request, shared) so the
  // card below it appears with it rather than being pushed down when it arrives.
  const slug = club.data?.slug;
  const visitorClub = useQuery({ ...clubQuery, enabled: me.data === null });
  const visitorList = useClubCompetitions(signedIn ? undefined : slug);
  const visitorReady =
    !me.isPending &&
    (visitorList.data !== undefined || visitorList.isError || (!slug && visitorClub.isError));
  const clubName = me.data?.club?.name ?? club.data?.name ?? remembered?.clubName ?? 'your club';
  const firstName = (me.data?.user.name ?? (signedIn ? remembered?.username : undefined))?.split(' ')[0];
  // Drafts are the admin's work in progress; cancelled ones live in the admin area and order history.
  const shown = screen.data?.competitions ?? [];
  const ordered = [...shown].sort(
    (a, b) =>
      rank(a.competition.status) - rank(b.competition.status) ||
      a.competition.name.localeCompare(b.competition.name, 'en-GB'),
  );
  const anyPaidOpen = shown.some(
    ({ competition: c }) => c.status === 'open' && c.prizeModel !== 'free' && c.entryFeePence > 0,
  );
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        {signedIn ? <PullToRefresh onRefresh={() => screen.refetch()} /> : null}
        <div className="page-wide">
          <section className="hero-banner" aria-labelledby="game-hero">
            <h2 id="game-hero">
              {firstName
                ? `Hi ${firstName}, ${me.data && firstVisit(me.data.user.id) ? 'welcome' : 'welcome back'}`
                : 'Last Man Standing'}
            </h2>
            {/* One text node: when the club's name arrives (with the session, on a first visit) the
                words after it would otherwise move along the line, a layout shift. */}
            <p data-testid="hero-rules">{`Pick one Premier League team each gameweek. ${ifItWins(shown)} Last one standing at ${clubName} takes the pot.`}</p>
            {loggedIn || signedIn ? (
              <IonButton className="hero-btn" routerLink="/tutorial" size="small">
                How it works
              </IonButton>
            ) : (
              <div className="hero-banner__actions">
                <IonButton className="hero-btn" routerLink="/signup" size="small">
                  Join now
                </IonButton>
                <IonButton
                  className="hero-btn hero-btn--outline"
                  fill="outline"
                  routerLink="/login"
                  size="small"
                >
                  Log in
                </IonButton>
              </div>
            )}
          </section>
          {!signedIn ? <StartClubHint /> : null}
          {!signedIn ? (
            visitorReady ? (
              <>
                <VisitorCompetitions slug={slug} heading={`Competitions at ${clubName}`} />
                <div className="card">
                  <EmptyState icon={trophyOutline} title="Sign in to play">
                    <p>
                      Members of {clubName} see the club&rsquo;s competitions here: the round, the deadline,
                      the prize pot and their own picks.
                    </p>
                  </EmptyState>
                </div>
              </>
            ) : (
              <InlineLoading label="Loading competitions…" />
            )
          ) : !me.data && me.failureCount > 0 ? (
            <div className="card" data-testid="waiting-for-server">
              <EmptyState icon={cloudOfflineOutline} title="Waiting for the server">
                <p>Your competitions at {clubName} appear here as soon as it answers.</p>
              </EmptyState>
            </div>
          ) : screen.isPending && screen.fetchStatus === 'paused' ? (
            <div className="card" data-testid="competitions-offline">
              <EmptyState icon={cloudOfflineOutline} title="You are offline">
                <p>Your competitions at {clubName} load when you are back online.</p>
              </EmptyState>
            </div>
          ) : screen.isPending || config.isPending ? (
            <InlineLoading label="Loading competitions…" />
          ) : (
            // Everything under the greeting arrives in one piece (one boundary, its code fetched
            // together): nothing appears above what is already drawn, so nothing on screen moves.
            <Suspense fallback={<InlineLoading label="Loading competitions…" />}>
              {screen.data ? <NextAction details={shown} now={screen.dataUpdatedAt} /> : null}
              {anyPaidOpen && config.data?.testPayments ? <TestPaymentsBanner /> : null}
              {screen.isError ? (
                <p role="alert" className="card">
                  {screen.error.message}
                </p>
              ) : ordered.length === 0 ? (
                <div className="card">
                  <EmptyState icon={trophyOutline} title="No competition open yet">
                    <p>
                      When {clubName} opens a competition, it appears here with its entry fee, prize pot and
                      the next deadline.
                    </p>
                  </EmptyState>
                </div>
              ) : (
                <div className="competitions">
                  {ordered.map((detail) => (
                    <CompetitionCard key={detail.competition.id} detail={detail} />
                  ))}
                </div>
              )}
              {me.data?.club ? <InviteFriends clubName={me.data.club.name} slug={me.data.club.slug} /> : null}
            </Suspense>
          )}
        </div>
      </IonContent>
    </>
  );
}

const seenThisVisit = new Map<string, boolean>();
/**
 * Whether this is the account's first visit on this device: a new account is welcomed, not welcomed
 * back. Decided once per page load, so the greeting does not change under the player's eyes.
 */
function firstVisit(userId: string): boolean {
  let first = seenThisVisit.get(userId);
  if (first === undefined) {
    const key = `lastman.greeted.${userId}`;
    try {
      first = localStorage.getItem(key) === null;
      localStorage.setItem(key, '1');
    } catch {
      first = false;
    }
    seenThisVisit.set(userId, first);
  }
  return first;
}

/**
 * What a pick that does not win costs, in the words of the club's competitions on screen: a life
 * where they give lives, a loss alone where a draw is enough, else a loss or a draw.
 */
function ifItWins(details: readonly CompetitionDetail[]): string {
  const rules = details
    .filter((d) => d.competition.status === 'open' || d.competition.status === 'running')
    .map((d) => d.competition.rules);
  if (rules.length > 0 && rules.every((r) => (r.lives ?? 0) > 0)) {
    return 'If it wins, you are through; if it does not, it costs you a life, and with none left you are out.';
  }
  if (rules.some((r) => (r.lives ?? 0) > 0)) {
    return 'If it wins, you are through; if it does not, you are out, or lose a life where the competition gives lives.';
  }
  if (rules.length > 0 && rules.every((r) => r.draw === 'survive')) {
    return 'If it wins or draws, you are through; lose and you are out.';
  }
  return 'If it wins, you are through; lose or draw and you are out.';
}

const rank = (status: string) => (status === 'running' ? 0 : status === 'open' ? 1 : 2);
