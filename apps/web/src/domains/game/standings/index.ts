// The standings feature as other features see it: they import from here, never its other files.

export { PickHistory } from './pick-history.tsx';
export { StandingsSection } from './standings-section.tsx';
