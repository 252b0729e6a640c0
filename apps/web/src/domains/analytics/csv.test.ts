import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { filtersFrom, filtersToQuery, presets } from './filters.ts';

describe('analytics CSV', () => {
  it('quotes what needs quoting, keeps numbers plain and never hands a spreadsheet a formula', () => {
    expect(
      toCsv(
        ['event', 'sign_ups'],
        [
          ['Quiz, with "prizes"', 12],
          ['=HYPERLINK("x")', 0],
          ['-1 team', null],
          ['Line\nbreak', -3],
        ],
      ),
    ).toBe(
      'event,sign_ups\r\n"Quiz, with ""prizes""",12\r\n"\'=HYPERLINK(""x"")",0\r\n\'-1 team,\r\n"Line\nbreak",-3\r\n',
    );
  });
});

describe('analytics filters in the URL', () => {
  it('reads what it writes, and drops what is not a date', () => {
    const f = { from: '2026-03-23', to: '2026-03-29', competitionId: 'c1', compare: true };
    expect(filtersToQuery(f)).toBe('from=2026-03-23&to=2026-03-29&competition=c1&compare=1');
    expect(filtersToQuery(f, 'api')).toBe('from=2026-03-23&to=2026-03-29&competitionId=c1&compare=true');
    expect(filtersFrom(new URLSearchParams(filtersToQuery(f)))).toEqual(f);
    expect(filtersFrom(new URLSearchParams('from=2026-02-30&to=soon'))).toEqual({
      from: null,
      to: null,
      competitionId: null,
      compare: false,
    });
  });

  it('gives whole weeks and months for the quick periods (Sunday 29 March 2026)', () => {
    const byId = Object.fromEntries(presets('2026-03-29').map((p) => [p.id, [p.from, p.to]]));
    expect(byId.week).toEqual(['2026-03-23', '2026-03-29']);
    expect(byId['last-week']).toEqual(['2026-03-16', '2026-03-22']);
    expect(byId['last-month']).toEqual(['2026-02-01', '2026-02-28']);
    expect(byId['28-days']).toEqual(['2026-03-02', '2026-03-29']);
  });
});
