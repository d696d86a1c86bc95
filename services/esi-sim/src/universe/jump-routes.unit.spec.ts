import { shortestRoute, StargateGraph } from './jump-routes';

//  1 - 2 - 3 - 4
//   \         /
//    5 ----- 6     (5 and 6 are low-sec)
const graph = new StargateGraph([
  [1, 2],
  [2, 3],
  [3, 4],
  [1, 5],
  [5, 6],
  [6, 4],
]);
const security = (systemId: number): number => (systemId === 5 || systemId === 6 ? 0.3 : 0.9);

describe('routes', () => {
  it('finds the shortest route, both ends included', () => {
    expect(shortestRoute(graph, 1, 4)).toHaveLength(4);
    expect(shortestRoute(graph, 1, 1)).toEqual([1]);
    expect(graph.distancesFrom(1).get(4)).toBe(3);
  });

  it('prefers high-sec when asked for the safer route, low-sec for the less secure one', () => {
    expect(shortestRoute(graph, 1, 4, { preference: 'Safer', securityOf: security })).toEqual([1, 2, 3, 4]);
    expect(shortestRoute(graph, 1, 4, { preference: 'LessSecure', securityOf: security })).toEqual([
      1, 5, 6, 4,
    ]);
  });

  it('avoids systems, uses extra connections, and says when there is no way', () => {
    expect(shortestRoute(graph, 1, 4, { avoidSystems: [2, 6] })).toBeNull();
    expect(
      shortestRoute(graph, 1, 4, { avoidSystems: [2, 6], extraConnections: [{ from: 1, to: 4 }] }),
    ).toEqual([1, 4]);
    expect(shortestRoute(graph, 1, 99)).toBeNull();
  });
});
