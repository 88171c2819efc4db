/**
 * A stand-in for Firebase in component tests: pass `identity.connect` to AuthProvider, then
 * `identity.emit(user)` to sign someone in or out as Firebase's onIdTokenChanged would.
 */
import type { IdentitySource, IdentityUser } from '../lib/firebase';

export interface FakeIdentity {
  connect: () => Promise<IdentitySource>;
  emit: (user: IdentityUser | null) => void;
  /** How many times the provider connected (loaded "Firebase"). */
  connections: () => number;
  signOuts: () => number;
}

export function fakeUser(overrides: Partial<IdentityUser> = {}): IdentityUser {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    photoURL: null,
    emailVerified: true,
    ...overrides,
  };
}

export function fakeIdentity(): FakeIdentity {
  const listeners = new Set<(user: IdentityUser | null) => void>();
  let connections = 0;
  let signOuts = 0;
  const emit = (user: IdentityUser | null) => {
    for (const listener of listeners) listener(user);
  };
  const source: IdentitySource = {
    subscribe(onUser) {
      listeners.add(onUser);
      return () => listeners.delete(onUser);
    },
    async signOut() {
      signOuts += 1;
      emit(null);
    },
    async getIdToken() {
      return 'fake-token';
    },
  };
  return {
    connect: async () => {
      connections += 1;
      return source;
    },
    emit,
    connections: () => connections,
    signOuts: () => signOuts,
  };
}
