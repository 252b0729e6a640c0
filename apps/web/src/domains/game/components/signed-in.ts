// What the game screen shows only to a signed-in member: one chunk, fetched as soon as the screen
// knows someone is signed in (alongside their competitions), never for a signed-out visitor.
export { CompetitionCard } from './competition-card.tsx';
export { NextAction } from './next-action.tsx';
