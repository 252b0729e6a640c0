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
  'Coventry City FC': 'Coventry',
  'Hull City AFC': 'Hull',
  // The Championship.
  'Queens Park Rangers FC': 'QPR',
  'Preston North End FC': 'Preston',
  'Blackburn Rovers FC': 'Blackburn',
  'Bolton Wanderers FC': 'Bolton',
  'Charlton Athletic FC': 'Charlton',
  'Swansea City AFC': 'Swansea',
  'Birmingham City FC': 'Birmingham',
  'Cardiff City FC': 'Cardiff',
  'Derby County FC': 'Derby',
  'Stoke City FC': 'Stoke',
  'Lincoln City FC': 'Lincoln',
};

export function shortTeamName(name: string): string {
  return SHORT_NAMES[name] ?? name.replace(/^AFC /, '').replace(/ A?FC$/, '');
}
