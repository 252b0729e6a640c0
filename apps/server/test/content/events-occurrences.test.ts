import { describe, expect, it } from 'vitest';
import {
  type EventForExpansion,
  expandEvent,
  findOccurrence,
  normaliseRecurrence,
} from '../../src/domains/content/events/occurrences.ts';

const series = (over: Partial<EventForExpansion> = {}): EventForExpansion => ({
  id: '11111111-1111-4111-8111-111111111111',
  startsAt: new Date('2027-03-18T20:00:00Z'),
  endsAt: new Date('2027-03-18T22:00:00Z'),
  recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH',
  cancelled: false,
  exceptions: [],
  ...over,
});
const starts = (e: EventForExpansion, from: string, to: string) =>
  expandEvent(e, { from: new Date(from), to: new Date(to) })
    .filter((o) => !o.cancelled)
    .map((o) => o.startsAt.toISOString());

describe('one expansion of a series for every screen', () => {
  it('keeps 20:00 London time across both clock changes', () => {
    expect(starts(series(), '2027-03-17T00:00:00Z', '2027-04-02T00:00:00Z')).toEqual([
      '2027-03-18T20:00:00.000Z',
      '2027-03-25T20:00:00.000Z',
      '2027-04-01T19:00:00.000Z',
    ]);
    const autumn = series({
      startsAt: new Date('2027-10-21T19:00:00Z'),
      endsAt: new Date('2027-10-21T21:00:00Z'),
    });
    expect(starts(autumn, '2027-10-20T00:00:00Z', '2027-11-05T00:00:00Z')).toEqual([
      '2027-10-21T19:00:00.000Z',
      '2027-10-28T19:00:00.000Z', // BST until Sunday 31 October
      '2027-11-04T20:00:00.000Z',
    ]);
  });

  it('leaves out a cancelled date, shows a moved one at its new time, even moved in from outside the range', () => {
    const e = series({
      exceptions: [
        { originalStartsAt: new Date('2027-03-25T20:00:00Z'), cancelled: true, startsAt: null, endsAt: null },
        {
          originalStartsAt: new Date('2027-04-08T19:00:00Z'),
          cancelled: false,
          startsAt: new Date('2027-03-31T19:00:00Z'),
          endsAt: new Date('2027-03-31T21:00:00Z'),
        },
      ],
    });
    const got = expandEvent(e, {
      from: new Date('2027-03-17T00:00:00Z'),
      to: new Date('2027-04-02T00:00:00Z'),
    });
    expect(got.map((o) => [o.id.split('_')[1], o.startsAt.toISOString(), o.cancelled, o.moved])).toEqual([
      ['20270318T200000Z', '2027-03-18T20:00:00.000Z', false, false],
      ['20270325T200000Z', '2027-03-25T20:00:00.000Z', true, false],
      ['20270408T190000Z', '2027-03-31T19:00:00.000Z', false, true],
      ['20270401T190000Z', '2027-04-01T19:00:00.000Z', false, false],
    ]);
    expect(findOccurrence(e, '20270408T190000Z')?.startsAt.toISOString()).toBe('2027-03-31T19:00:00.000Z');
    expect(findOccurrence(e, '20270409T190000Z')).toBeNull();
    expect(findOccurrence(series({ cancelled: true }), '20270318T200000Z')).toBeNull();
  });

  it('ends with COUNT and UNTIL, and takes only the rules the feed can carry', () => {
    expect(
      starts(
        series({ recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2' }),
        '2027-01-01T00:00:00Z',
        '2028-01-01T00:00:00Z',
      ),
    ).toHaveLength(2);
    expect(
      starts(
        series({ recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20270401T235959Z' }),
        '2027-01-01T00:00:00Z',
        '2028-01-01T00:00:00Z',
      ),
    ).toHaveLength(3);
    expect(normaliseRecurrence('FREQ=MONTHLY;BYDAY=1FR')).toBe('RRULE:FREQ=MONTHLY;BYDAY=1FR');
    for (const bad of [
      'RRULE:FREQ=HOURLY',
      'RRULE:FREQ=WEEKLY;BYHOUR=3',
      'RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101T000000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=XX',
    ]) {
      expect(() => normaliseRecurrence(bad), bad).toThrow();
    }
  });
});
