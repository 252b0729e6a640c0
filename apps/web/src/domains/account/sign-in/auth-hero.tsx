import { useClub } from '../../../lib/club.ts';

/**
 * The sign-in and sign-up pages' heading, with the club the person is joining. `club` names
 * another club than the one shown by default (an invitation's), and `null` none at all (someone
 * about to start their own).
 */
export function AuthHero({
  title,
  subtitle,
  club,
}: {
  title: string;
  subtitle?: string;
  club?: { name: string; logoUrl: string | null } | null;
}) {
  const shown = useClub().data;
  const which = club === undefined ? shown : club;
  return (
    <div className="auth-hero">
      <div className="auth-hero__badge" aria-hidden="true">
        {which?.logoUrl ? <img src={which.logoUrl} alt="" /> : 'L'}
      </div>
      <h1>{title}</h1>
      <p>{subtitle ?? (which ? `Last Man Standing at ${which.name}` : 'Last Man Standing')}</p>
    </div>
  );
}
