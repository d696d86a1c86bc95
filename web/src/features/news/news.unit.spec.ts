import { NEWS } from './news.data';
import { newsSeen, newsSeenSlice, selectHasUnseenNews } from './news-seen.slice';
import { hasUnseenNews, latestNewsTime, parseLastSeen } from './news';

describe('news', () => {
  const latest = latestNewsTime(NEWS)!;

  it('lists the newest entry first, each with a title, content and a valid date', () => {
    const times = NEWS.map((entry) => Date.parse(entry.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const entry of NEWS) {
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.content.length).toBeGreaterThan(0);
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(latest).toBe(Date.parse(`${NEWS[0]!.date}T00:00:00Z`));
  });

  it.each([
    [null, true],
    [latest - 1, true],
    [latest, false],
    [latest + 86_400_000, false],
  ])('with the newest seen at %p, an update is unseen: %p', (lastSeen, unseen) => {
    expect(hasUnseenNews(latest, lastSeen)).toBe(unseen);
  });

  it('has nothing unseen without news', () => {
    expect(hasUnseenNews(latestNewsTime([]), null)).toBe(false);
  });

  it('reads the stored time defensively', () => {
    expect(parseLastSeen(null)).toBeNull();
    expect(parseLastSeen('garbage')).toBeNull();
    expect(parseLastSeen(String(latest))).toBe(latest);
  });

  it('clears the badge once /updates records the newest entry, and never moves back', () => {
    const reducer = newsSeenSlice.reducer;
    const fresh = reducer(undefined, { type: 'init' });
    expect(selectHasUnseenNews({ newsSeen: fresh })).toBe(true);
    const seen = reducer(fresh, newsSeen(latest));
    expect(selectHasUnseenNews({ newsSeen: seen })).toBe(false);
    expect(reducer(seen, newsSeen(latest - 1000)).lastSeen).toBe(latest);
  });
});
