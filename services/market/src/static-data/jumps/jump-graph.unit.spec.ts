import { JumpGraph, UNREACHABLE } from './jump-graph';

// A line 1-2-3-4, a shortcut 1-5-4, a separate pair 6-7 and an island 8.
const systems = [1, 2, 3, 4, 5, 6, 7, 8];
const connections: [number, number][] = [
  [1, 2],
  [2, 3],
  [3, 4],
  [1, 5],
  [4, 5],
  [6, 7],
];

describe('jump graph', () => {
  const graph = new JumpGraph(systems, connections);

  it('counts the shortest stargate path, in the order of the destinations', () => {
    expect(graph.jumpCounts(1, [4, 2, 3, 1, 5])).toEqual([2, 1, 2, 0, 1]);
  });

  it('answers -1 for unreachable systems and for unknown destinations', () => {
    expect(graph.jumpCounts(1, [6, 8, 999])).toEqual([UNREACHABLE, UNREACHABLE, UNREACHABLE]);
    expect(graph.jumpCounts(8, [8, 1])).toEqual([0, UNREACHABLE]);
  });

  it('answers null for an unknown origin', () => {
    expect(graph.jumpCounts(999, [1])).toBeNull();
    expect(graph.has(999)).toBe(false);
    expect(graph.has(1)).toBe(true);
  });

  it('keeps answers right when origins leave the cache', () => {
    const small = new JumpGraph(systems, connections, 1);
    expect(small.jumpCounts(1, [4])).toEqual([2]);
    expect(small.jumpCounts(6, [7])).toEqual([1]);
    expect(small.jumpCounts(1, [3, 4])).toEqual([2, 2]);
  });

  it('ignores connections to systems it does not know', () => {
    expect(
      new JumpGraph(
        [1, 2],
        [
          [1, 2],
          [2, 3],
        ],
      ).jumpCounts(1, [2, 3]),
    ).toEqual([1, UNREACHABLE]);
  });

  it('answers an empty list for no destinations', () => {
    expect(graph.jumpCounts(1, [])).toEqual([]);
  });
});
