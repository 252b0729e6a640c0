import { londonWhenLong } from '@lastman/api/format';
import type { Email } from '../../../lib/mailer.ts';

/** "You're signed up": sent once a sign-up is saved, with the date in London time and a calendar link. */
export function confirmationEmail(p: {
  to: string;
  name: string;
  title: string;
  place: string;
  startsAt: Date;
  places: number;
  teamName: string | null;
  teamSize: number | null;
  icsUrl: string;
}): Email {
  const lines = [
    `Hello ${p.name},`,
    '',
    `You're signed up for ${p.title}.`,
    `When: ${londonWhenLong(p.startsAt)} (UK time)`,
    ...(p.place ? [`Where: ${p.place}`] : []),
    ...(p.places > 1 ? [`Places: ${p.places}`] : []),
    ...(p.teamName ? [`Team: ${p.teamName}${p.teamSize ? ` (${p.teamSize})` : ''}`] : []),
    '',
    `Add it to your calendar: ${p.icsUrl}`,
    '',
    "Can't make it after all? Cancel your place in the app's Events page so someone else can have it.",
  ];
  return { to: p.to, subject: `You're signed up: ${p.title}`, text: lines.join('\n') };
}

/** "A place came free": the waiting list booked this member in. */
export function promotedEmail(p: {
  to: string;
  name: string;
  title: string;
  place: string;
  startsAt: Date;
  places: number;
  icsUrl: string;
}): Email {
  const lines = [
    `Hello ${p.name},`,
    '',
    `Good news: a place came free and you were next on the waiting list, so you're going to ${p.title}.`,
    `When: ${londonWhenLong(p.startsAt)} (UK time)`,
    ...(p.place ? [`Where: ${p.place}`] : []),
    `Places: ${p.places}`,
    '',
    `Add it to your calendar: ${p.icsUrl}`,
    '',
    "Can't make it after all? Cancel your place in the app's Events page so the next person can have it.",
  ];
  return { to: p.to, subject: `You're going: ${p.title}`, text: lines.join('\n') };
}

/** "Your booking was removed": the club took this member's booking off the list. */
export function removedEmail(p: {
  to: string;
  name: string;
  title: string;
  place: string;
  startsAt: Date;
  places: number;
}): Email {
  const lines = [
    `Hello ${p.name},`,
    '',
    `The club has removed your booking for ${p.title}, so you are no longer signed up.`,
    `When it was: ${londonWhenLong(p.startsAt)} (UK time)`,
    ...(p.place ? [`Where: ${p.place}`] : []),
    ...(p.places > 1 ? [`Places: ${p.places}`] : []),
    '',
    'If you think this is a mistake, ask at the bar or send the club a message from the app.',
  ];
  return { to: p.to, subject: `Your booking was removed: ${p.title}`, text: lines.join('\n') };
}
