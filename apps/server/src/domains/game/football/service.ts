import { LEAGUE_NAMES, type League, type SeasonUpload, type SeasonUploadResult } from '@lastman/api';
import type { Person } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { FeedError, readSeasonText } from './openfootball-feed.ts';
import { SeasonDataRefused, type SeasonUpdate, updateSeasonData } from './season-update.ts';

type UploadServices = Pick<Services, 'db' | 'clock' | 'registries'> &
  Partial<Pick<Services, 'notifier' | 'events' | 'payments' | 'mailer'>>;

/** "English Premier League 2026/27" → the Premier League, 2026-27; null when the name says neither. */
export function leagueAndSeasonOfName(name: string): { league: League | null; season: string | null } {
  const league: League | null = /premier league/i.test(name)
    ? 'premier-league'
    : /championship/i.test(name)
      ? 'championship'
      : null;
  const m = /(\d{4})\s*[/-]\s*(\d{2})(?!\d)/.exec(name);
  const season = m && (Number(m[1]) + 1) % 100 === Number(m[2]) ? `${m[1]}-${m[2]}` : null;
  return { league, season };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an update did, in words, for the admin who sent the file. */
export function updateSummary(update: Pick<SeasonUpdate, 'created' | 'counts' | 'resettled'>): string {
  const c = update.counts;
  if (update.created) return `A new season of ${plural(c.added, 'match', 'matches')}.`;
  const parts = [
    c.result > 0 && plural(c.result, 'new result'),
    c.corrected > 0 && plural(c.corrected, 'corrected result'),
    c.moved > 0 && plural(c.moved, 'kick-off moved', 'kick-offs moved'),
    c.status > 0 && plural(c.status, 'match postponed or back on', 'matches postponed or back on'),
    c.added > 0 && plural(c.added, 'match added', 'matches added'),
  ].filter(Boolean);
  const kept =
    c.kept > 0
      ? ` ${plural(c.kept, 'result')} the file does not have ${c.kept === 1 ? 'was' : 'were'} kept.`
      : '';
  const resettled =
    update.resettled.length > 0 ? ` ${plural(update.resettled.length, 'competition')} re-settled.` : '';
  return parts.length === 0
    ? `Nothing changed: the season already had this data.${kept}`
    : `${parts.join(', ')}.${resettled}${kept}`;
}

/**
 * A platform admin's season file (openfootball's football.json), for a server without internet: read,
 * checked and applied as the feed applies one (moved kick-offs, new and corrected results, competitions
 * re-settled). Garbage is refused with what is wrong with it.
 */
export async function uploadSeason(
  services: UploadServices,
  _person: Person,
  input: SeasonUpload,
): Promise<SeasonUploadResult> {
  let season: ReturnType<typeof readSeasonText>;
  try {
    season = readSeasonText(input.text);
  } catch (error) {
    if (error instanceof FeedError) throw new AppError('VALIDATION_FAILED', `This file is ${error.message}`);
    throw error;
  }
  const named = leagueAndSeasonOfName(season.name);
  const league = input.league ?? named.league;
  const folder = input.season ?? named.season;
  if (!league || !folder) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Say which league and season this file is: its name, "${season.name || '(none)'}", does not name ${
        league ? 'the season (such as 2026/27)' : `the ${Object.values(LEAGUE_NAMES).join(' or the ')}`
      }.`,
    );
  }
  const key = `${league}-${folder}`;
  try {
    const update = await updateSeasonData(services, {
      key,
      name: season.name || `${LEAGUE_NAMES[league]} ${folder}`,
      league,
      season,
      updatedBy: 'upload',
    });
    return {
      seasonId: update.seasonId,
      key,
      name: update.name,
      created: update.created,
      counts: update.counts,
      resettled: update.resettled.length,
      summary: updateSummary(update),
    };
  } catch (error) {
    if (error instanceof SeasonDataRefused) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}
