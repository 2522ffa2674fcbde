import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellsFromScores,
  collectScores,
  holeComplete,
  holeTotal,
  playerTotal,
  readCell,
  holeChanged,
  sameCells,
  stepStrokes,
  teamTotal,
  withOwnEdits,
  changedCells,
  withChanges,
} from './score-cells';

const players = [
  { id: 'p1', firstName: 'Ann', lastName: 'Lee' },
  { id: 'p2', firstName: 'Bo', lastName: 'Kim' },
];
const holes = [
  { number: 1, par: 4 },
  { number: 2, par: 3 },
  { number: 3, par: 5 },
];

describe('readCell: strokes 1 to 15, empty is no score', () => {
  it.each([
    ['', null],
    ['  ', null],
    [undefined, null],
    ['1', 1],
    [' 7 ', 7],
    ['07', 7],
    ['15', 15],
    ['0', 'invalid'],
    ['16', 'invalid'],
    ['2.5', 'invalid'],
    ['-3', 'invalid'],
    ['x', 'invalid'],
    ['100', 'invalid'],
  ])('%j reads as %j', (text, expected) => expect(readCell(text)).toBe(expected));
});

describe('collectScores', () => {
  it('sends every readable cell of the sheet and names the unreadable ones', () => {
    const cells = {
      [cellKey('p1', 1)]: '4',
      [cellKey('p1', 2)]: '',
      [cellKey('p2', 3)]: '16',
      [cellKey('p2', 2)]: '3',
      [cellKey('ghost', 1)]: '5',
      [cellKey('p1', 9)]: '5',
    };
    expect(collectScores(cells, players, holes)).toEqual({
      scores: [
        { playerId: 'p1', holeNumber: 1, strokes: 4 },
        { playerId: 'p2', holeNumber: 2, strokes: 3 },
      ],
      invalid: [{ playerId: 'p2', holeNumber: 3 }],
    });
  });

  it('finds nothing to send in an empty sheet', () => {
    expect(collectScores({}, players, holes)).toEqual({ scores: [], invalid: [] });
  });
});

describe('totals', () => {
  const cells = cellsFromScores([
    { playerId: 'p1', holeNumber: 1, strokes: 5 },
    { playerId: 'p1', holeNumber: 2, strokes: 3 },
    { playerId: 'p2', holeNumber: 1, strokes: 4 },
  ]);
  const withTypo = { ...cells, [cellKey('p2', 2)]: '99' };

  it('adds a player across holes, a hole across players, and the team, skipping empty and unreadable cells', () => {
    expect(playerTotal(withTypo, 'p1', holes)).toBe(8);
    expect(playerTotal(withTypo, 'p2', holes)).toBe(4);
    expect(holeTotal(withTypo, players, 1)).toBe(9);
    expect(holeTotal(withTypo, players, 2)).toBe(3);
    expect(teamTotal(withTypo, players, holes)).toBe(12);
  });

  it('calls a hole complete when every player has strokes on it', () => {
    expect(holeComplete(cells, players, 1)).toBe(true);
    expect(holeComplete(withTypo, players, 2)).toBe(false);
    expect(holeComplete(cells, players, 3)).toBe(false);
  });
});

describe('stepStrokes: the phone’s − and +', () => {
  it('starts an empty or unreadable cell at par', () => {
    expect(stepStrokes(undefined, 3, 1)).toBe('3');
    expect(stepStrokes('', 5, -1)).toBe('5');
    expect(stepStrokes('0', 4, 1)).toBe('4');
  });
  it('moves one stroke, never below 1 or above 15', () => {
    expect(stepStrokes('4', 4, 1)).toBe('5');
    expect(stepStrokes('4', 4, -1)).toBe('3');
    expect(stepStrokes('1', 4, -1)).toBe('1');
    expect(stepStrokes('15', 4, 1)).toBe('15');
  });
});

describe('sameCells: is anything unsaved?', () => {
  it('ignores spacing, leading zeros and emptied cells', () => {
    expect(sameCells({ a: '4' }, { a: ' 04', b: '' })).toBe(true);
  });
  it('sees a changed, added, removed or mistyped score', () => {
    expect(sameCells({ a: '4' }, { a: '5' })).toBe(false);
    expect(sameCells({ a: '4' }, { a: '4', b: '3' })).toBe(false);
    expect(sameCells({ a: '4' }, {})).toBe(false);
    expect(sameCells({ a: '4' }, { a: '4', b: '0' })).toBe(false);
  });
});

describe('holeChanged: does a hole hold a change not saved yet?', () => {
  const saved = { 'p1:1': '4', 'p2:1': '5', 'p1:2': '3' };
  it('is false for the card as saved, whatever the spacing, and for a hole changed elsewhere', () => {
    expect(holeChanged(saved, { ...saved, 'p1:1': ' 04' }, players, 1)).toBe(false);
    expect(holeChanged(saved, { ...saved, 'p1:2': '6' }, players, 1)).toBe(false);
    expect(holeChanged(saved, saved, players, 3)).toBe(false);
  });
  it('sees a changed, a new, an emptied and an unreadable cell on the hole', () => {
    expect(holeChanged(saved, { ...saved, 'p2:1': '6' }, players, 1)).toBe(true);
    expect(holeChanged(saved, { ...saved, 'p2:2': '4' }, players, 2)).toBe(true);
    expect(holeChanged(saved, { ...saved, 'p1:2': '' }, players, 2)).toBe(true);
    expect(holeChanged(saved, { ...saved, 'p1:1': '20' }, players, 1)).toBe(true);
  });
  it('looks at the given players only: a cell of someone not on the card is not the hole’s', () => {
    expect(holeChanged(saved, { ...saved, 'p9:1': '4' }, players, 1)).toBe(false);
  });
});

describe('withOwnEdits: after someone else saved, their card with only the cells this user changed on top', () => {
  it('keeps their new and changed cells, puts each of mine over them, an emptied cell included', () => {
    const base = { 'p1:1': '4', 'p1:2': '5', 'p2:1': '3' };
    // I changed p1:2, typed p2:2, emptied p2:1, and left p1:1 as it was.
    const typed = { 'p1:1': '4', 'p1:2': '6', 'p2:1': '', 'p2:2': '3' };
    // Meanwhile they changed p1:1 and scored hole 3.
    const fresh = { 'p1:1': '5', 'p1:2': '5', 'p2:1': '3', 'p1:3': '4' };
    expect(withOwnEdits(base, typed, fresh)).toEqual({ 'p1:1': '5', 'p1:2': '6', 'p2:1': '', 'p2:2': '3', 'p1:3': '4' });
  });

  it('counts " 04" as the 4 it was (no edit), and keeps an unreadable entry as typed so it is shown and fixed', () => {
    expect(withOwnEdits({ 'p1:1': '4' }, { 'p1:1': ' 04', 'p1:2': 'x' }, { 'p1:1': '7' })).toEqual({ 'p1:1': '7', 'p1:2': 'x' });
  });
});

describe('changedCells and withChanges (R32: a save sends only what the scorer changed)', () => {
  const players = [
    { id: 'p1', firstName: 'A', lastName: 'B' },
    { id: 'p2', firstName: 'C', lastName: 'D' },
  ];
  const holes = [
    { number: 1, par: 4 },
    { number: 2, par: 3 },
  ];

  it('lists each changed cell with the value it was changed from, an emptied cell as 0, and skips unreadable cells', () => {
    const base = { 'p1:1': '4', 'p2:1': '5' };
    const typed = { 'p1:1': ' 6', 'p2:1': '', 'p1:2': '3', 'p2:2': 'x' };
    expect(changedCells(base, typed, players, holes)).toEqual([
      { playerId: 'p1', holeNumber: 1, base: 4, strokes: 6 },
      { playerId: 'p1', holeNumber: 2, base: 0, strokes: 3 },
      { playerId: 'p2', holeNumber: 1, base: 5, strokes: 0 },
    ]);
    expect(changedCells(base, { 'p1:1': '04', 'p2:1': '5' }, players, holes)).toEqual([]);
  });

  it('lays saves over a card in order, the later save winning, a 0 emptying the cell', () => {
    const card = { 'p1:1': '4', 'p2:1': '5' };
    const saves = [
      {
        changes: [
          { playerId: 'p1', holeNumber: 1, base: 4, strokes: 6 },
          { playerId: 'p2', holeNumber: 2, base: 0, strokes: 3 },
        ],
      },
      {
        changes: [
          { playerId: 'p1', holeNumber: 1, base: 6, strokes: 7 },
          { playerId: 'p2', holeNumber: 1, base: 5, strokes: 0 },
        ],
      },
    ];
    expect(withChanges(card, saves)).toEqual({ 'p1:1': '7', 'p2:2': '3' });
    expect(card).toEqual({ 'p1:1': '4', 'p2:1': '5' });
  });
});
