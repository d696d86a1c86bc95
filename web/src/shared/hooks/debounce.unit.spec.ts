import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { AUTOCOMPLETE_DEBOUNCE_MS, debounce, useDebouncedCallback, useDebouncedValue } from './debounce';

/**
 * The web tests run in Node without a DOM. To render a component that renders nothing, react-dom needs only a
 * container and a `window` to read `event` and `HTMLIFrameElement` from.
 */
function withoutDom() {
  const noop = () => undefined;
  const global = globalThis as Record<string, unknown>;
  beforeAll(() => {
    global.IS_REACT_ACT_ENVIRONMENT = true;
    global.window = globalThis;
    global.HTMLIFrameElement = class {};
  });
  afterAll(() => {
    delete global.IS_REACT_ACT_ENVIRONMENT;
    delete global.window;
    delete global.HTMLIFrameElement;
  });
  return () =>
    ({
      nodeType: 1,
      tagName: 'DIV',
      namespaceURI: null,
      addEventListener: noop,
      removeEventListener: noop,
      ownerDocument: { addEventListener: noop, removeEventListener: noop },
    }) as unknown as Element;
}

const container = withoutDom();

/** Renders `hook` in a component, as a page would. */
function mount<Props extends object, Result>(hook: (props: Props) => Result, props: Props) {
  const results: Result[] = [];
  function Probe(current: Props) {
    results.push(hook(current));
    return null;
  }
  const root = createRoot(container());
  act(() => root.render(createElement(Probe, props)));
  return {
    results,
    latest: () => results[results.length - 1]!,
    rerender: (next: Props) => act(() => root.render(createElement(Probe, next))),
    unmount: () => act(() => root.unmount()),
  };
}

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is 200 ms for the autocomplete and item filters', () => {
    expect(AUTOCOMPLETE_DEBOUNCE_MS).toBe(200);
  });

  it('waits 200 ms after the last keystroke and sends only the latest text', () => {
    const sent: string[] = [];
    const search = debounce((text: string) => sent.push(text), AUTOCOMPLETE_DEBOUNCE_MS);
    search.call('t');
    jest.advanceTimersByTime(150);
    search.call('tr');
    jest.advanceTimersByTime(150);
    search.call('tri');
    jest.advanceTimersByTime(199);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual(['tri']);
    search.call('trit');
    search.cancel();
    jest.advanceTimersByTime(1000);
    expect(sent).toEqual(['tri']);
  });

  describe('useDebouncedCallback', () => {
    const useSearch = ({ run }: { run: (text: string) => void }) => useDebouncedCallback(run);

    it('keeps one debouncer across renders and calls once, 200 ms after the last call, with its argument', () => {
      const run = jest.fn();
      const probe = mount(useSearch, { run });
      probe.latest().call('t');
      jest.advanceTimersByTime(100);
      probe.rerender({ run });
      probe.latest().call('tr');
      jest.advanceTimersByTime(199);
      expect(run).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(run.mock.calls).toEqual([['tr']]);
      jest.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(1);
      expect(new Set(probe.results).size).toBe(1);
      probe.unmount();
    });

    it("ends the wait in the latest render's callback, which sees the props of that moment", () => {
      const first = jest.fn();
      const second = jest.fn();
      const probe = mount(useSearch, { run: first });
      probe.latest().call('a');
      probe.rerender({ run: second });
      jest.advanceTimersByTime(AUTOCOMPLETE_DEBOUNCE_MS);
      expect(first).not.toHaveBeenCalled();
      expect(second.mock.calls).toEqual([['a']]);
      probe.unmount();
    });

    it('drops the waiting call on cancel and on unmount', () => {
      const run = jest.fn();
      const probe = mount(useSearch, { run });
      probe.latest().call('a');
      probe.latest().cancel();
      jest.advanceTimersByTime(1000);
      expect(run).not.toHaveBeenCalled();
      probe.latest().call('b');
      jest.advanceTimersByTime(199);
      probe.unmount();
      jest.advanceTimersByTime(1000);
      expect(run).not.toHaveBeenCalled();
    });
  });

  describe('useDebouncedValue', () => {
    it('passes a value on once it has stayed the same for 200 ms', () => {
      const probe = mount(({ text }: { text: string }) => useDebouncedValue(text), { text: '' });
      probe.rerender({ text: 'trit' });
      act(() => jest.advanceTimersByTime(199));
      expect(probe.latest()).toBe('');
      act(() => jest.advanceTimersByTime(1));
      expect(probe.latest()).toBe('trit');
      probe.unmount();
    });
  });
});
