import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, waitFor, type Rendered } from '../testing/render';
import { fakeIdentity, fakeUser, type FakeIdentity } from '../testing/fake-identity';
import { clearApiQueries, invalidateApiQuery, setApiQueryData, useApiQuery, type QueryResult } from './api-query';
import { AuthProvider } from './session';

let rendered: Rendered | undefined;
let identity: FakeIdentity;
const results: Record<string, QueryResult<number>> = {};

function Reader({ name, queryKey, fetcher }: { name: string; queryKey: string; fetcher: () => Promise<number> }) {
  results[name] = useApiQuery(queryKey, fetcher);
  const r = results[name];
  return <p data-name={name}>{r.isLoading ? 'loading' : r.error ? 'error' : String(r.data ?? '')}</p>;
}

async function mount(children: React.ReactNode, signedIn = true) {
  identity = fakeIdentity();
  rendered = await render(<AuthProvider connect={identity.connect}>{children}</AuthProvider>);
  await waitFor(() => identity.connections() > 0);
  if (signedIn) await act(async () => identity.emit(fakeUser()));
}

const text = (name: string) => rendered!.container.querySelector(`[data-name="${name}"]`)?.textContent;

beforeEach(() => {
  localStorage.clear();
  clearApiQueries();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe('useApiQuery', () => {
  it('never runs while signed out', async () => {
    let calls = 0;
    await mount(<Reader name="a" queryKey="stats" fetcher={async () => ++calls} />, false);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(calls).toBe(0);
    expect(results.a?.data).toBeUndefined();
  });

  it('starts its first request in a task after the commit, loading meanwhile; cleared before then (signed out), it sends nothing', async () => {
    let calls = 0;
    const fetcher = async () => ++calls;
    await mount(<Reader name="a" queryKey="stats" fetcher={fetcher} />, false);
    // Signed in: the effects run in the same task as the commit, the request in the next one.
    act(() => identity.emit(fakeUser()));
    expect(text('a')).toBe('loading');
    expect(calls).toBe(0);
    await waitFor(() => text('a') === '1');
    expect(calls).toBe(1);

    rendered!.unmount();
    localStorage.clear(); // not a returning user: signed in only by the emit below
    await mount(<Reader name="b" queryKey="other" fetcher={fetcher} />, false);
    act(() => identity.emit(fakeUser()));
    expect(text('b')).toBe('loading');
    clearApiQueries();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(calls).toBe(1);
  });

  it('starts the requests of the queries one commit mounts from one timer set in the commit, each in a later task of its own', async () => {
    const started: string[] = [];
    // How many had started when the task that started each one ended (its microtasks run then).
    const startedByEndOfTask: number[] = [];
    const fetcherFor = (name: string) => async () => {
      started.push(name);
      queueMicrotask(() => startedByEndOfTask.push(started.length));
      return 1;
    };
    await mount(
      <>
        <Reader name="a" queryKey="a" fetcher={fetcherFor('a')} />
        <Reader name="b" queryKey="b" fetcher={fetcherFor('b')} />
        <Reader name="c" queryKey="c" fetcher={fetcherFor('c')} />
      </>,
      false,
    );
    const realSetTimeout = window.setTimeout;
    let timers = 0;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      // The timers api-query sets (jsdom sets its own, for the sign-in's localStorage events).
      if (new Error().stack?.includes('api-query.ts')) timers += 1;
      return realSetTimeout(handler, ms, ...rest);
    }) as typeof window.setTimeout;
    try {
      // Signed in: the three queries' effects run in the sign-in's commit.
      act(() => identity.emit(fakeUser()));
      expect(started).toEqual([]);
      expect(timers).toBe(1);
    } finally {
      window.setTimeout = realSetTimeout;
    }
    await waitFor(() => text('a') === '1' && text('b') === '1' && text('c') === '1');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(startedByEndOfTask).toEqual([1, 2, 3]);
  });

  it('shares one request between the components that show the same query', async () => {
    let calls = 0;
    const fetcher = async () => {
      calls += 1;
      return 7;
    };
    await mount(
      <>
        <Reader name="badge" queryKey="stats" fetcher={fetcher} />
        <Reader name="card" queryKey="stats" fetcher={fetcher} />
      </>,
    );
    await waitFor(() => text('badge') === '7' && text('card') === '7');
    expect(calls).toBe(1);
  });

  it('keeps the error and fetches again on refetch', async () => {
    let fail = true;
    await mount(
      <Reader
        name="a"
        queryKey="flaky"
        fetcher={async () => {
          if (fail) throw new Error('503: down');
          return 1;
        }}
      />,
    );
    await waitFor(() => text('a') === 'error');
    expect((results.a!.error as Error).message).toBe('503: down');
    fail = false;
    await act(() => results.a!.refetch());
    expect(text('a')).toBe('1');
    expect(results.a!.error).toBeUndefined();
  });

  it('shows data a write returned, and refetches what a write invalidated', async () => {
    let value = 1;
    await mount(<Reader name="a" queryKey="user" fetcher={async () => value} />);
    await waitFor(() => text('a') === '1');
    act(() => setApiQueryData('user', 5));
    expect(text('a')).toBe('5');
    value = 9;
    await act(async () => invalidateApiQuery('user'));
    await waitFor(() => text('a') === '9');
  });

  it("drops an older request's answer without ending the newer request's flight", async () => {
    const pending: Array<(value: number) => void> = [];
    const fetcher = () => new Promise<number>((resolve) => pending.push(resolve));
    await mount(<Reader name="a" queryKey="stats" fetcher={fetcher} />);
    await waitFor(() => pending.length === 1);
    // Invalidated while the first request is out: a second one starts.
    await act(async () => invalidateApiQuery('stats'));
    expect(pending).toHaveLength(2);
    await act(async () => pending[0]!(1));
    expect(text('a')).toBe('loading');
    // The second is still on its way: a refetch joins it rather than sending a third.
    void results.a!.refetch();
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]!(2));
    await waitFor(() => text('a') === '2');
  });

  it("does not show one user's results to the next", async () => {
    await mount(<Reader name="a" queryKey="me" fetcher={async () => 1} />);
    await waitFor(() => text('a') === '1');
    act(() => identity.emit(null));
    expect(text('a')).toBe('');
    await act(async () => identity.emit(fakeUser({ uid: 'someone-else' })));
    await waitFor(() => text('a') === '1');
  });
});
