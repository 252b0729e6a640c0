import { utcToUkLocal } from '@lastman/api/time';

// The 3 pm blackout: UK broadcasters may not show a match kicking off between 14:45 and 17:15 on a
// Saturday (UK time), so no pub may put one on its big screen.
const FROM = 14 * 60 + 45;
const TO = 17 * 60 + 15;

/** True when a kick-off falls in the Saturday 3 pm blackout (14:45–17:15 UK time, both ends included). */
export function isBlackoutKickoff(kickoffAt: Date): boolean {
  const { date, time } = utcToUkLocal(kickoffAt.getTime());
  const saturday = new Date(`${date}T12:00:00Z`).getUTCDay() === 6;
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return saturday && minutes >= FROM && minutes <= TO;
}
