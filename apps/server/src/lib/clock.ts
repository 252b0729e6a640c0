/**
 * The server's clock. Production uses the system time and nothing can change it;
 * tests build the app with a clock they control.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createTestClock(start: Date | string) {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (to: Date | string) => {
      current = new Date(to).getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
