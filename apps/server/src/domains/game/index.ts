// The game domain as other domains see it: they import from here, never its other files.

export * from './competitions/index.ts';
export * from './fixtures/index.ts';
export { publishFeedChanges, publishResults } from './live/feed-events.ts';
export { notifyFeedMatchAlerts } from './live/match-alerts.ts';
export { closedOnShutdown, serveLiveStream } from './live/stream.ts';
export { GAME_NOTIFICATION_KINDS } from './notices.ts';
export * from './payouts/index.ts';
export * from './picks/index.ts';
export { gameDomain } from './plugin.ts';
export { SCREEN_COOKIE } from './screens/routes.ts';
export { pairedScreenClub } from './screens/service.ts';
export * from './settlement/index.ts';
