// The game feature as other features see it: they import from here, never its other files.

export { GameAdmin } from './admin/game-admin.tsx';
export { useClubCompetitions, useCompetitions } from './api/game-api.ts';
export { VisitorCompetitions } from './components/visitor-competitions.tsx';
