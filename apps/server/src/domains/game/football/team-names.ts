/** How supporters write the clubs' names; anything else falls back to the name without "FC". */
const SHORT_NAMES: Record<string, string> = {
  'AFC Bournemouth': 'Bournemouth',
  'Brighton & Hove Albion FC': 'Brighton',
  'Manchester City FC': 'Man City',
  'Manchester United FC': 'Man Utd',
  'Newcastle United FC': 'Newcastle',
  'Nottingham Forest FC': "Nott'm Forest",
  'Tottenham Hotspur FC': 'Spurs',
  'West Bromwich Albion FC': 'West Brom',
  'West Ham United FC': 'West Ham',
  'Wolverhampton Wanderers FC': 'Wolves',
  'Leeds United FC': 'Leeds',
  'Sheffield United FC': 'Sheffield Utd',
  'Leicester City FC': 'Leicester',
  'Norwich City FC': 'Norwich',
  'Ipswich Town FC': 'Ipswich',
  'Luton Town FC': 'Luton',
  'Sunderland AFC': 'Sunderland',
};

export function shortTeamName(name: string): string {
  return SHORT_NAMES[name] ?? name.replace(/^AFC /, '').replace(/ A?FC$/, '');
}
