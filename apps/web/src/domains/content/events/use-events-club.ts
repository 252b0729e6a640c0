import { useLocation } from 'react-router-dom';
import { useClub } from '../../../lib/club.ts';

/** The club of the address (`?club=<slug>`), else the visitor's link club or the member's own. */
export function useEventsClub(): string | undefined {
  const fromUrl = new URLSearchParams(useLocation().search).get('club') ?? undefined;
  const club = useClub();
  return fromUrl ?? club.data?.slug;
}

export const eventLink = (id: string, club: string | undefined) =>
  `/event-modal?id=${encodeURIComponent(id)}${club ? `&club=${encodeURIComponent(club)}` : ''}`;
