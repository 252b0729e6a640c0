// The standings feature as other features see it: they import from here, never its other files.
export { StandingsSection } from './standings-section.tsx';
