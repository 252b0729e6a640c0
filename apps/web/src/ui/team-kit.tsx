// Each club's home shirt colours (a plain fact, not a crest or any club's artwork), keyed by the team
// names the bundled seasons use; a team not listed gets a neutral shirt.

type Kit = readonly [body: string, trim: string];

const KITS: Record<string, Kit> = {
  'AFC Bournemouth': ['#da291c', '#111111'],
  'Arsenal FC': ['#ef0107', '#ffffff'],
  'Aston Villa FC': ['#670e36', '#95bfe5'],
  'Brentford FC': ['#e30613', '#ffffff'],
  'Brighton & Hove Albion FC': ['#0057b8', '#ffffff'],
  'Burnley FC': ['#6c1d45', '#99d6ea'],
  'Chelsea FC': ['#034694', '#ffffff'],
  'Crystal Palace FC': ['#1b458f', '#c4122e'],
  'Everton FC': ['#003399', '#ffffff'],
  'Fulham FC': ['#ffffff', '#111111'],
  'Ipswich Town FC': ['#0044a9', '#ffffff'],
  'Leeds United FC': ['#ffffff', '#1d428a'],
  'Leicester City FC': ['#003090', '#fdbe11'],
  'Liverpool FC': ['#c8102e', '#f6eb61'],
  'Luton Town FC': ['#f78f1e', '#002d62'],
  'Manchester City FC': ['#6cabdd', '#ffffff'],
  'Manchester United FC': ['#da291c', '#ffffff'],
  'Newcastle United FC': ['#241f20', '#ffffff'],
  'Norwich City FC': ['#fff200', '#00a650'],
  'Nottingham Forest FC': ['#dd0000', '#ffffff'],
  'Sheffield United FC': ['#ee2737', '#ffffff'],
  'Southampton FC': ['#d71920', '#ffffff'],
  'Sunderland AFC': ['#eb172b', '#ffffff'],
  'Tottenham Hotspur FC': ['#ffffff', '#132257'],
  'Watford FC': ['#fbee23', '#ed2127'],
  'West Bromwich Albion FC': ['#122f67', '#ffffff'],
  'West Ham United FC': ['#7a263a', '#1bb1e7'],
  'Wolverhampton Wanderers FC': ['#fdb913', '#231f20'],
};

const NEUTRAL: Kit = ['#d0d4da', '#6b7280'];

/** A team's home shirt colours, or a neutral pair for a team the table does not know. */
export const kitOf = (teamName: string): Kit => KITS[teamName] ?? NEUTRAL;

/** A small shirt in the team's colours, beside its name (decorative: the name says who it is). */
export function TeamKit({ team }: { team: string }) {
  const [body, trim] = kitOf(team);
  return (
    <svg className="team-kit" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M8 3 L3 6 L5 11 L7 10 L7 21 L17 21 L17 10 L19 11 L21 6 L16 3 C15 5 9 5 8 3 Z"
        fill={body}
        stroke="#4b5563"
        strokeWidth="0.8"
        strokeLinejoin="round"
      />
      <path d="M3 6 L5 11 L7 10 L6.2 7.6 Z M21 6 L19 11 L17 10 L17.8 7.6 Z" fill={trim} />
      <path d="M8 3 C9 5 15 5 16 3" fill="none" stroke={trim} strokeWidth="1.4" />
    </svg>
  );
}
