import { describe, expect, it } from 'vitest';
import { parseCsv, quizFromCsv } from '../../src/domains/quiz/csv-import.ts';

const HEADER = 'round,prompt,kind,choices,answer,points';

describe('a quiz from a CSV file', () => {
  it('reads quoted cells, doubled quotes and line breaks inside quotes, each record with its first line', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('makes rounds in the order they first appear', () => {
    const result = quizFromCsv(
      'Thursday',
      [
        HEADER,
        'Music,Who recorded Abbey Road?,text,,Beatles|The Beatles,2',
        'Geography,Capital of France?,choice,Lyon|Paris|Nice,Paris,',
        'Music,How many Beatles?,number,,4,1',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quiz.rounds.map((r) => [r.title, r.questions.length])).toEqual([
      ['Music', 2],
      ['Geography', 1],
    ]);
    expect(result.quiz.rounds[1]?.questions[0]).toMatchObject({
      choices: ['Lyon', 'Paris', 'Nice'],
      answer: 'Paris',
    });
    expect(result.quiz.rounds[0]?.questions[0]).toMatchObject({ points: 2 });
  });

  it('names every mistake by its line', () => {
    const result = quizFromCsv(
      'Thursday',
      [
        HEADER,
        'Music,Who recorded Abbey Road?,text,,Beatles,1',
        'Music,Capital of France?,choice,Lyon|Nice,Paris,1',
        'Music,Pick one,riddle,,x,1',
        'Music,How many?,number,,lots,1',
        'Music,Too few cells,text',
        'Music,Points?,text,,x,two',
      ].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'Line 4: the kind must be choice, text, number or picture, not “riddle”.',
      'Line 6: 3 cells where there should be 6.',
      'Line 7: points must be a whole number, not “two”.',
    ]);
    // Once each line reads, the questions' own rules, again by line.
    const second = quizFromCsv(
      'Thursday',
      [HEADER, 'Music,Capital of France?,choice,Lyon|Nice,Paris,1', 'Music,How many?,number,,lots,1'].join(
        '\n',
      ),
    );
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.errors).toEqual([
      'Line 2: answer: must be one of the choices, as written.',
      'Line 3: answer: a number question needs a number as its answer.',
    ]);
  });

  it('refuses a file without the header, or with no questions', () => {
    expect(quizFromCsv('T', 'prompt,answer\nx,y')).toEqual({
      ok: false,
      errors: ['Line 1: the first line must name the columns round,prompt,kind,choices,answer,points.'],
    });
    expect(quizFromCsv('T', `${HEADER}\n\n`)).toEqual({
      ok: false,
      errors: ['The file has no questions: one a line under the header.'],
    });
  });
});
