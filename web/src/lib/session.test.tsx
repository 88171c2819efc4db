import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, waitFor, type Rendered } from '../testing/render';
import { fakeIdentity, fakeUser } from '../testing/fake-identity';
import { AuthProvider, useAuth, type Session } from './session';
import { readRememberedUser, REMEMBERED_USER_KEY, SIGNED_IN_HINT_KEY, writeSignedInHint } from './signed-in-hint';

let rendered: Rendered | undefined;
let session: Session | undefined;
const seen: Array<Pick<Session, 'isLoading' | 'isAuthenticated'> & { uid: string | null }> = [];

function Probe() {
  session = useAuth();
  seen.push({ isLoading: session.isLoading, isAuthenticated: session.isAuthenticated, uid: session.user?.uid ?? null });
  return null;
}

/** Renders the provider with a stand-in for Firebase, and returns the stand-in. */
async function renderSession(identity = fakeIdentity()) {
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Probe />
    </AuthProvider>,
  );
  return identity;
}

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  session = undefined;
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe('AuthProvider', () => {
  it('shows a first-time visitor the signed-out pages at once, with no loading state', async () => {
    const identity = await renderSession();
    expect(seen[0]).toEqual({ isLoading: false, isAuthenticated: false, uid: null });
    // Firebase still loads in the background, so a session restored anyway is picked up.
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser()));
    expect(session?.isAuthenticated).toBe(true);
    expect(seen.some((s) => s.isLoading)).toBe(false);
  });

  it('keeps a returning user on the loader until the session is restored', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const identity = await renderSession();
    expect(seen[0]).toEqual({ isLoading: true, isAuthenticated: false, uid: null });
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser({ uid: 'u-42' })));
    expect(seen.at(-1)).toEqual({ isLoading: false, isAuthenticated: true, uid: 'u-42' });
  });

  it('shows a remembered user at once, confirmed when Firebase restores the session, keeping the same object', async () => {
    writeSignedInHint(fakeUser({ uid: 'u-7', email: 'grace@example.com' }));
    const identity = await renderSession();
    expect(seen[0]).toEqual({ isLoading: false, isAuthenticated: true, uid: 'u-7' });
    expect(session?.isRestored).toBe(false);
    expect(session?.user?.email).toBe('grace@example.com');
    const remembered = session?.user;
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser({ uid: 'u-7', email: 'grace@example.com' })));
    expect(session?.isRestored).toBe(true);
    expect(session?.user).toBe(remembered);
  });

  it('signs a remembered user out when Firebase restores no session (it expired or ended elsewhere)', async () => {
    writeSignedInHint(fakeUser({ uid: 'u-7' }));
    const identity = await renderSession();
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(null));
    expect(seen.at(-1)).toEqual({ isLoading: false, isAuthenticated: false, uid: null });
    expect(session?.isRestored).toBe(true);
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    expect(readRememberedUser()).toBeNull();
  });

  it('ignores a remembered user that is not one (edited storage): the loader shows until Firebase answers', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    for (const value of ['{', '"u-1"', '{"uid":""}', '{"uid":"u-1","email":3,"displayName":null,"photoURL":null,"emailVerified":true}']) {
      localStorage.setItem(REMEMBERED_USER_KEY, value);
      expect(readRememberedUser()).toBeNull();
    }
    const identity = await renderSession();
    expect(seen[0]).toEqual({ isLoading: true, isAuthenticated: false, uid: null });
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser({ uid: 'u-1' })));
    expect(seen.at(-1)).toEqual({ isLoading: false, isAuthenticated: true, uid: 'u-1' });
    // Without the signed-in flag, a stored user is not remembered either.
    writeSignedInHint(fakeUser());
    localStorage.removeItem(SIGNED_IN_HINT_KEY);
    expect(readRememberedUser()).toBeNull();
  });

  it('remembers a sign-in on this device and forgets it on sign-out', async () => {
    const identity = await renderSession();
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser()));
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    expect(readRememberedUser()).toEqual(fakeUser());
    await act(() => session!.signOut());
    expect(identity.signOuts()).toBe(1);
    expect(session?.user).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('keeps the same user object across token refreshes, so screens do not re-render', async () => {
    const identity = await renderSession();
    await waitFor(() => identity.connections() > 0);
    act(() => identity.emit(fakeUser()));
    const first = session?.user;
    const renders = seen.length;
    act(() => identity.emit(fakeUser()));
    expect(session?.user).toBe(first);
    expect(seen.length).toBe(renders);
    await expect(session!.getIdToken()).resolves.toBe('fake-token');
  });

  it('stops loading and shows the signed-out pages when the sign-in service cannot load', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const original = console.error;
    console.error = () => {};
    try {
      rendered = await render(
        <AuthProvider connect={() => Promise.reject(new Error('chunk failed'))}>
          <Probe />
        </AuthProvider>,
      );
      await waitFor(() => session?.isLoading === false);
      expect(session?.user).toBeNull();
    } finally {
      console.error = original;
    }
  });
});
