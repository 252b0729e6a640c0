// The clubs feature as other features see it: they import from here, never its other files.
export { invitationQuery } from './api/clubs-api.ts';
export { ContactMessagesAdmin } from './contact/contact-messages-admin.tsx';
export { MyClubsCard } from './my-clubs-card.tsx';
export { SetupChecklist } from './setup/setup-checklist.tsx';
