import { describe, expect, it } from 'vitest';
import { outcomeClass, outcomeLabel } from './status-pill.tsx';

describe("a pick's outcome in the pick lists", () => {
  it('says a lost pick that cost a life "lost a life", as the card does, never "out"', () => {
    expect(outcomeLabel({ outcome: 'eliminated', lostLife: true })).toBe('lost a life');
    expect(outcomeClass({ outcome: 'eliminated', lostLife: true })).toBe('outcome outcome--lost-life');
  });

  it('says "out" only for a pick that put its entry out', () => {
    expect(outcomeLabel({ outcome: 'eliminated', lostLife: false })).toBe('out');
    expect(outcomeLabel({ outcome: 'eliminated' })).toBe('out');
    expect(outcomeClass({ outcome: 'eliminated' })).toBe('outcome outcome--eliminated');
    expect(outcomeLabel({ outcome: 'survived', lostLife: false })).toBe('through');
    expect(outcomeLabel({ outcome: null })).toBe('waiting for result');
    expect(outcomeClass({ outcome: null })).toBe('outcome outcome--pending');
  });
});
