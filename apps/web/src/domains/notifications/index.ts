// The notifications feature as the shell and other features see it.
export { PushDevicesCard } from './push-devices-card.tsx';
