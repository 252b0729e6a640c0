// The menu feature as other features see it: they import from here, never its other files.
export { useMenu } from './api/menu-api.ts';
