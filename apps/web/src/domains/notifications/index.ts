// The notifications feature as the shell and other features see it.
export { NotificationLive } from './notification-live.tsx';
export { PushDevicesCard } from './push-devices-card.tsx';
export { UnreadBadge } from './unread-badge.tsx';
