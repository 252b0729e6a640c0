// The analytics domain as the app sees it: nothing else imports it.

export { analyticsDomain } from './plugin.ts';
