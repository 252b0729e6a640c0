// The me feature as other features see it: they import from here, never its other files.
export { findUser, insertNameOnlyPlayer } from './queries.ts';
