/**
 * Who a store's BigCommerce user is in the app (users.mdx, issue 34): the user linked to them at
 * an earlier install or load; else, the first time, a new member of the store's company (the
 * owner was made at the install). Their Firebase uid is `bc:{hash}:{id}` (contracts
 * bigCommerceUid); never found by email alone (decision 020): an address that already signs in
 * to the app is refused with a page that says so.
 */
import { APP_PAGE_MESSAGES, bigCommerceUid } from '@catalog/contracts/bigcommerce-app';
import { forgetCachedUsers } from '../../auth/user-cache';
import type { Database, User } from '../../db/repositories';
import type { Refusal } from './app-deps';

export async function userForStore(
  db: Database,
  store: { storeHash: string; companyId: string },
  bcUser: { id: number; email: string },
  now: Date,
): Promise<User | Refusal> {
  const linkedId = await db.bigcommerceApp.userOf(store.storeHash, bcUser.id);
  const linked = linkedId ? await db.users.getById(store.companyId, linkedId) : null;
  if (linked) return linked.isActive ? linked : { status: 403, title: 'Access removed', message: APP_PAGE_MESSAGES.removed };

  const uid = bigCommerceUid(store.storeHash, bcUser.id);
  let user = await db.users.getByFirebaseUid(uid);
  if (user && user.companyId !== store.companyId) return { status: 403, title: 'Access removed', message: APP_PAGE_MESSAGES.removed };
  if (!user) {
    if (await db.users.getByEmail(bcUser.email)) return { status: 409, title: 'The app could not be opened', message: APP_PAGE_MESSAGES.memberElsewhere(bcUser.email) };
    try {
      user = await db.users.create({ companyId: store.companyId, email: bcUser.email, firebaseUid: uid, role: 'member', now });
    } catch {
      // The address or uid was taken a moment ago (another load of the same user racing this one).
      user = await db.users.getByFirebaseUid(uid);
      if (!user || user.companyId !== store.companyId) return { status: 409, title: 'The app could not be opened', message: APP_PAGE_MESSAGES.memberElsewhere(bcUser.email) };
    }
    forgetCachedUsers();
  }
  await db.bigcommerceApp.linkUser(store.storeHash, bcUser.id, user.id, now);
  return user;
}
