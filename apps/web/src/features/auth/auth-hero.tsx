import { useClub } from '../../lib/club.ts';

export function AuthHero({ title, subtitle }: { title: string; subtitle?: string }) {
  const club = useClub();
  return (
    <div className="auth-hero">
      <div className="auth-hero__badge" aria-hidden="true">
        {club.data?.logoUrl ? <img src={club.data.logoUrl} alt="" /> : 'L'}
      </div>
      <h1>{title}</h1>
      <p>{subtitle ?? (club.data ? `Last Man Standing at ${club.data.name}` : 'Last Man Standing')}</p>
    </div>
  );
}
