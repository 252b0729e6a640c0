import { type AccessRows, at, FOOTBALL_SHARED, inOtherClub } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. Last Man Standing: competitions, seasons and
 * fixtures, picks, live scores, payouts. Assembled with every other domain's rows by
 * test/platform/access-matrix.test.ts.
 */
export const gameAccess: AccessRows = (w) => ({
  'GET /api/competition-rules': { call: at('/api/competition-rules') },
  'GET /api/club/competitions': { call: at('/api/club/competitions') },
  // The game.
  'GET /api/competitions': { call: at('/api/competitions') },
  'GET /api/competitions/:id': { call: at(`/api/competitions/${w.freeId}`) },
  'POST /api/competitions/:id/entries': { call: at(`/api/competitions/${w.freeId}/entries`) },
  'GET /api/competitions/:id/rounds/:round/fixtures': {
    call: at(`/api/competitions/${w.freeId}/rounds/20/fixtures`),
  },
  'GET /api/competitions/:id/rounds/:round/picks': {
    call: at(`/api/competitions/${w.freeId}/rounds/20/picks`),
  },
  'GET /api/entries': { call: at('/api/entries') },
  'GET /api/game': { call: at('/api/game') },
  // Pick history.
  'GET /api/competitions/:id/entries/:entryId/picks': {
    call: at(`/api/competitions/${w.freeId}/entries/${w.ownerPickEntry}/picks`),
  },
  'PUT /api/entries/:id/picks/:round': {
    call: at(`/api/entries/${w.ownerPickEntry}/picks/20`, { teamId: w.round20Team }),
    owned: 'owner',
  },
  'DELETE /api/entries/:id/picks/:round': {
    call: at(`/api/entries/${w.ownerUnpickEntry}/picks/20`),
    owned: 'owner',
  },
  'POST /api/entries/:id/buy-back': {
    call: at(`/api/entries/${w.ownerPickEntry}/buy-back`, {}),
    owned: 'owner',
    refused: 'the owner’s entry is still in (409): buy-backs.test.ts buys entries back',
  },
  'GET /api/seasons': { call: at('/api/seasons') },
  'GET /api/seasons/:id/rounds/:round': {
    call: at(`/api/seasons/${w.seasonId}/rounds/1`),
    shared: FOOTBALL_SHARED,
  },
  // TV screens: a device asks for a code at its club's screen page (another club's callers at theirs).
  'POST /api/screens': {
    call: (caller) => ({
      path: '/api/screens',
      body: { club: inOtherClub.has(caller) ? 'kings-arms' : 'red-lion' },
    }),
  },
  'GET /api/screens/current': {
    call: (caller) => ({
      path: `/api/screens/current?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
    }),
    refused: 'the screen device cookie is the key to it, and no caller holds one (game-screens test)',
  },
  'GET /api/screens/current/live': {
    call: (caller) => ({
      path: `/api/screens/current/live?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
    }),
    refused: 'the screen device cookie is the key to it, and no caller holds one (game-screens test)',
  },
  'POST /api/admin/screens/pair': {
    call: at('/api/admin/screens/pair', { code: w.screens.code }),
    firstClub: true,
  },
  'GET /api/admin/screens': { call: at('/api/admin/screens') },
  'DELETE /api/admin/screens/:id': { call: at(`/api/admin/screens/${w.screens.toUnpair}`) },
  'POST /api/admin/competitions': {
    call: at('/api/admin/competitions', {
      name: 'Matrix Created',
      seasonId: w.seasonId,
      startRound: 20,
      prizeModel: 'free',
    }),
  },
  'PATCH /api/admin/competitions/:id': {
    call: at(`/api/admin/competitions/${w.draftToEdit}`, { minEntries: 3 }),
  },
  'POST /api/admin/competitions/:id/open': { call: at(`/api/admin/competitions/${w.draftToOpen}/open`) },
  'POST /api/admin/competitions/:id/cancel': { call: at(`/api/admin/competitions/${w.toCancel}/cancel`) },
  'POST /api/admin/competitions/:id/replay': {
    call: at(`/api/admin/competitions/${w.finishedId}/replay`, {
      rules: {
        draw: 'survive',
        reuse: 'never',
        missedPick: 'eliminate',
        postponed: 'survive',
        allOut: 'rollover',
      },
    }),
  },
  'GET /api/admin/football/data': { call: at('/api/admin/football/data') },
  'POST /api/platform/seasons': {
    call: at('/api/platform/seasons', { text: '{"name": "English Championship 2026/27", "matches": []}' }),
    refused:
      'none of the callers runs the server (PLATFORM_ADMINS is empty); game-openfootball-feed.test.ts uploads as one',
  },
  'PUT /api/admin/fixtures/:id/result': {
    call: at(`/api/admin/fixtures/${w.round1Fixture.id}/result`, {
      home: w.round1Fixture.home,
      away: w.round1Fixture.away,
      status: w.round1Fixture.status,
    }),
    shared: FOOTBALL_SHARED,
  },
  'POST /api/admin/fixtures/:id/result/preview': {
    call: at(`/api/admin/fixtures/${w.round1Fixture.id}/result/preview`, {
      home: w.round1Fixture.home,
      away: w.round1Fixture.away,
      status: w.round1Fixture.status,
    }),
    shared: FOOTBALL_SHARED,
  },
  'PUT /api/admin/fixtures/:id/live-score': {
    call: at(`/api/admin/fixtures/${w.round1Fixture.id}/live-score`, { home: 1, away: 0, minute: 30 }),
    shared: FOOTBALL_SHARED,
    refused: 'the matrix’s match is not being played (409); game-live.test.ts enters live scores',
  },
  'POST /api/admin/live/demo-round': {
    call: at('/api/admin/live/demo-round', { playSeconds: 0 }),
    refused:
      'a demo match day would re-date the demo season under the other routes (400 here); game-live-demo.test.ts plays one',
  },
  'GET /api/competitions/:id/live': { call: at(`/api/competitions/${w.freeId}/live`) },
  'GET /api/admin/live/connections': { call: at('/api/admin/live/connections') },
  // A stream: the matrix reads its first chunk (the comment sent on connect) and hangs up.
  'GET /api/live': { call: at('/api/live') },
  'GET /api/admin/fixtures/:id/corrections': {
    call: at(`/api/admin/fixtures/${w.round1Fixture.id}/corrections`),
    shared: FOOTBALL_SHARED,
  },
  'GET /api/admin/seasons/:id/rounds/:round/corrections': {
    call: at(`/api/admin/seasons/${w.seasonId}/rounds/1/corrections`),
    shared: FOOTBALL_SHARED,
  },
  'GET /api/admin/competitions/:id/payouts': {
    call: at(`/api/admin/competitions/${w.finishedId}/payouts`),
  },
  'POST /api/admin/competitions/:id/payouts': {
    call: at(`/api/admin/competitions/${w.finishedId}/payouts`, {
      entryId: w.ownerWinningEntry,
      amountPence: 100,
      method: 'cash',
      paidAt: '2024-08-27T10:00:00Z',
    }),
  },
  'POST /api/admin/competitions/:id/review/clear': {
    call: at(`/api/admin/competitions/${w.finishedId}/review/clear`),
    refused: 'no review is open on the competition (409): payouts.test.ts clears one',
  },
  'GET /api/admin/competition-reviews': { call: at('/api/admin/competition-reviews') },
  'GET /api/admin/competitions/:id/entries': {
    call: at(`/api/admin/competitions/${w.freeId}/entries?search=a`),
  },
  'POST /api/admin/competitions/:id/entries/:entryId/knock-out': {
    call: at(`/api/admin/competitions/${w.freeId}/entries/${w.entryToKnockOut}/knock-out`, {
      reason: 'Matrix broke a club rule',
    }),
  },
  'POST /api/admin/competitions/:id/entries/:entryId/buy-back': {
    call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/buy-back`, {
      reference: 'Matrix till 43',
    }),
    refused: 'the matrix’s free competition offers no buy-backs (409): buy-backs.test.ts records them',
  },
  'POST /api/admin/competitions/:id/cash-entries': {
    call: at(`/api/admin/competitions/${w.paidId}/cash-entries`, {
      userId: w.memberToChange,
      entries: 1,
      reference: 'Matrix till 42',
    }),
  },
  'PUT /api/admin/competitions/:id/entries/:entryId/picks/:round': {
    call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/picks/20`, {
      teamId: w.round20Team,
    }),
    refused:
      "the entry is a player's own, with the app (403): name-only-players.test.ts picks for a name-only one",
  },
  'POST /api/admin/competitions/:id/entries/:entryId/reinstate': {
    call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/reinstate`),
    refused: 'the entry was not knocked out (409): entries-admin.test.ts reinstates one',
  },
});
