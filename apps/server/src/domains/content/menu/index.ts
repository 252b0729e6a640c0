// The menu as other features see it: the club's public pages read it as a guest does.
export { readMenu } from './service.ts';
