/** The time, as services see it: injected (CLOCK) so that unit specs can hold it still. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
