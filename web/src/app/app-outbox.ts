/**
 * The app's one outbox (local/outbox.ts), made here and nowhere else: on the signed-in user's
 * database, sending through the API, and with the work-order lists following every order it
 * sends (now or in a replay), also the order a member's price edit became (issue 31). The signed-in shell provides it to the screens
 * (layouts/signed-in-layout.tsx); only that shell imports this file, so the landing page and
 * signed-out visitors never load the local database's code.
 */
import { followSentWorkOrder } from '../features/work-orders/api/create-work-order';
import { invalidateWorkOrders } from '../features/work-orders/api/get-work-orders';
import { deviceCatalog } from '../local/device-catalog';
import { createOutbox } from '../local/outbox';
import { systemClock } from '../local/outbox-sender';
import { apiOutboxTransport } from '../local/outbox-transport';
import { isPriceEdit, sentForApprovalOf } from '../local/pending-edits';

export const appOutbox = createOutbox({ db: deviceCatalog.db, transport: apiOutboxTransport, clock: systemClock });

appOutbox.onSent(followSentWorkOrder);
appOutbox.onSent((entry, response) => {
  // A member's price edit that became an order awaiting approval: the lists show it.
  if (isPriceEdit(entry) && sentForApprovalOf(response)) invalidateWorkOrders();
});
