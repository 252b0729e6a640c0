import type { CompetitionLive, LiveEvent, LiveFixture } from '@lastman/api';
import { describe, expect, it } from 'vitest';
import {
  patchScore,
  STATES_REFETCH_DEBOUNCE_MS,
  STATES_REFETCH_GAP_MS,
  statesRefetchDelay,
} from './live-cache.ts';

const team = (id: string) => ({ id, name: id, shortName: id.toUpperCase() });

const fixture = (id: string, over: Partial<LiveFixture> = {}): LiveFixture => ({
  fixtureId: id,
  seasonId: 's1',
  round: 3,
  status: 'live',
  kickoff: '2026-11-28T15:00:00.000Z',
  home: team(`${id}h`),
  away: team(`${id}a`),
  homeGoals: 0,
  awayGoals: 0,
  minute: 10,
  feed: 'live',
  source: 'feed',
  updatedAt: null,
  ...over,
});

const live = (fixtures: LiveFixture[]) => ({ fixtures }) as unknown as CompetitionLive;

const score = (
  fixtureId: string,
  over: Partial<Extract<LiveEvent, { type: 'live-score' }>> = {},
): Extract<LiveEvent, { type: 'live-score' }> => ({
  type: 'live-score',
  fixtureId,
  seasonId: 's1',
  homeGoals: 0,
  awayGoals: 0,
  minute: 10,
  feed: 'live',
  source: 'feed',
  ...over,
});

describe('a live score written into the cache', () => {
  it('leaves a view without the match untouched', () => {
    const view = live([fixture('f1')]);
    const patched = patchScore(view, score('f2', { homeGoals: 1 }));
    expect(patched).toEqual({ live: view, changed: false, statesChanged: false });
    expect(patched.live).toBe(view);
  });

  it('leaves the view as it is when the event repeats what it shows', () => {
    const view = live([fixture('f1')]);
    expect(patchScore(view, score('f1')).live).toBe(view);
  });

  it('shows a new minute without asking for the states again', () => {
    const patched = patchScore(live([fixture('f1')]), score('f1', { minute: 11 }));
    expect(patched.changed).toBe(true);
    expect(patched.statesChanged).toBe(false);
    expect(patched.live.fixtures[0]?.minute).toBe(11);
  });

  it('asks for the states again when a goal is scored or the feed moves', () => {
    const goal = patchScore(live([fixture('f1'), fixture('f2')]), score('f1', { awayGoals: 1, minute: 12 }));
    expect(goal.statesChanged).toBe(true);
    expect(goal.live.fixtures.map((f) => f.awayGoals)).toEqual([1, 0]);
    const kickOff = patchScore(
      live([fixture('f1', { homeGoals: null, awayGoals: null, feed: 'waiting', minute: null })]),
      score('f1', { minute: 1 }),
    );
    expect(kickOff.statesChanged).toBe(true);
    expect(patchScore(live([fixture('f1')]), score('f1', { feed: 'delayed' })).statesChanged).toBe(true);
  });

  it('never rewrites a finished match', () => {
    const view = live([fixture('f1', { status: 'finished', homeGoals: 2, feed: 'final' })]);
    expect(patchScore(view, score('f1', { homeGoals: 3 })).live).toBe(view);
  });
});

describe('when the states are fetched again', () => {
  it('waits a moment for the changes that come together', () => {
    expect(statesRefetchDelay(0, 100_000)).toBe(STATES_REFETCH_DEBOUNCE_MS);
  });

  it('waits for the gap after the last fetch', () => {
    expect(statesRefetchDelay(100_000, 101_000)).toBe(STATES_REFETCH_GAP_MS - 1000);
  });
});
