// The clubs feature as other features see it: they import from here, never its other files.
export { clubForViewer, toClub } from './service.ts';
