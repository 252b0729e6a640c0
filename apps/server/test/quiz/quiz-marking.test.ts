import { describe, expect, it } from 'vitest';
import {
  closestAnswers,
  markAll,
  markAnswer,
  normaliseText,
  rankTeams,
  textMatches,
  withinOneEdit,
} from '../../src/domains/quiz/marking.ts';

describe('quiz marking', () => {
  it('a choice must be the very choice', () => {
    expect(markAnswer({ kind: 'choice', answer: 'Paris' }, 'Paris')).toBe(true);
    expect(markAnswer({ kind: 'choice', answer: 'Paris' }, 'Lyon')).toBe(false);
  });

  it('an exact number must match, however it is typed', () => {
    const q = { kind: 'number', answer: '1200', numberMode: 'exact' } as const;
    expect(markAnswer(q, '1,200')).toBe(true);
    expect(markAnswer(q, ' 1200 ')).toBe(true);
    expect(markAnswer(q, '1201')).toBe(false);
    expect(markAnswer(q, 'twelve hundred')).toBe(false);
  });

  it('closest wins: the nearest answers are right, ties all of them, words never', () => {
    const given = [
      { id: 'a', answer: '1190' },
      { id: 'b', answer: '1210' },
      { id: 'c', answer: '1500' },
      { id: 'd', answer: 'lots' },
    ];
    expect(closestAnswers('1200', given)).toEqual(new Set(['a', 'b']));
    const marks = markAll({ kind: 'number', answer: '1200', numberMode: 'closest' }, given);
    expect(Object.fromEntries(marks)).toEqual({ a: true, b: true, c: false, d: false });
    expect(markAnswer({ kind: 'number', answer: '1200', numberMode: 'closest' }, '1200')).toBeNull();
  });

  it('text ignores case, punctuation, accents and a leading "the"', () => {
    expect(normaliseText('  The Beatles! ')).toBe('beatles');
    expect(textMatches('beatles', 'The Beatles')).toBe(true);
    expect(textMatches('THE BEATLES.', 'Beatles')).toBe(true);
    expect(textMatches('Beyonce', 'Beyoncé')).toBe(true);
    expect(textMatches("Guns 'n' Roses", 'Guns n Roses')).toBe(true);
    expect(textMatches('Rolling Stones', 'The Beatles')).toBe(false);
    expect(textMatches('', 'The Beatles')).toBe(false);
  });

  it('accepts the alternatives the quizmaster lists', () => {
    expect(textMatches('Fab Four', 'Beatles|The Beatles|Fab Four')).toBe(true);
    expect(textMatches('Wings', 'Beatles|The Beatles|Fab Four')).toBe(false);
  });

  it('one typo in a word of five letters or more, none in shorter words', () => {
    expect(withinOneEdit('beatles', 'beatle')).toBe(true);
    expect(withinOneEdit('beatles', 'baetles')).toBe(false);
    expect(textMatches('Beatels', 'Beatles')).toBe(false);
    expect(textMatches('Beetles', 'Beatles')).toBe(true);
    expect(textMatches('Beatle', 'Beatles')).toBe(true);
    expect(textMatches('Paris', 'Parix')).toBe(true);
    expect(textMatches('Rome', 'Roma')).toBe(false);
    expect(textMatches('Bittles', 'Beatles')).toBe(false);
    // One typo in the whole answer, not one in each word.
    expect(textMatches('Lionel Mesi', 'Lionel Messi')).toBe(true);
    expect(textMatches('Lionle Mesi', 'Lionel Messi')).toBe(false);
  });

  it('picture questions are marked as text', () => {
    expect(markAnswer({ kind: 'picture', answer: 'Eiffel Tower' }, 'the eiffel tower')).toBe(true);
  });

  it('ties share a rank, and the next rank skips', () => {
    const ranked = rankTeams([
      { name: 'Quizzly Bears', score: 7 },
      { name: 'Agatha Quiztie', score: 9 },
      { name: 'Les Quizerables', score: 7 },
      { name: 'Universally Challenged', score: 3 },
    ]);
    expect(ranked.map((t) => [t.name, t.rank])).toEqual([
      ['Agatha Quiztie', 1],
      ['Les Quizerables', 2],
      ['Quizzly Bears', 2],
      ['Universally Challenged', 4],
    ]);
    expect(rankTeams([])).toEqual([]);
  });

  it('a tie-break orders the tied teams, nearest first, and a second one settles what the first left', () => {
    const teams = [
      { teamId: 'a', name: 'Agatha Quiztie', score: 7 },
      { teamId: 'b', name: 'Quizzly Bears', score: 7 },
      { teamId: 'c', name: 'Les Quizerables', score: 7 },
      { teamId: 'd', name: 'Universally Challenged', score: 3 },
    ];
    const first = {
      answer: '72',
      teamIds: ['a', 'b', 'c'],
      answers: [
        { teamId: 'a', answer: '80' },
        { teamId: 'b', answer: '71' },
        { teamId: 'c', answer: '74' },
      ],
    };
    expect(rankTeams(teams, [first]).map((t) => [t.name, t.rank, t.wonTieBreak])).toEqual([
      ['Quizzly Bears', 1, true],
      ['Les Quizerables', 2, false],
      ['Agatha Quiztie', 3, false],
      ['Universally Challenged', 4, false],
    ]);
    const even = {
      answer: '72',
      teamIds: ['a', 'b'],
      answers: [
        { teamId: 'a', answer: '70' },
        { teamId: 'b', answer: '74' },
      ],
    };
    const second = { answer: '10', teamIds: ['a', 'b'], answers: [{ teamId: 'b', answer: '9' }] };
    expect(rankTeams(teams.slice(0, 2), [even]).map((t) => t.rank)).toEqual([1, 1]);
    expect(rankTeams(teams.slice(0, 2), [even, second]).map((t) => [t.name, t.rank])).toEqual([
      ['Quizzly Bears', 1],
      ['Agatha Quiztie', 2],
    ]);
  });
});
