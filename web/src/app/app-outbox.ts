/**
 * The app's one outbox (local/outbox.ts), made here and nowhere else: on the signed-in user's
 * database, sending through the API, and with the work-order lists following every order it
 * sends (now or in a replay). The signed-in shell provides it to the screens
 * (layouts/signed-in-layout.tsx); only that shell imports this file, so the landing page and
 * signed-out visitors never load the local database's code.
 */
import { followSentWorkOrder } from '../features/work-orders/api/create-work-order';
import { activeCatalogDb } from '../local/local-catalog';
import { createOutbox } from '../local/outbox';
import { systemClock } from '../local/outbox-sender';
import { apiOutboxTransport } from '../local/outbox-transport';

export const appOutbox = createOutbox({ db: activeCatalogDb, transport: apiOutboxTransport, clock: systemClock });

appOutbox.onSent(followSentWorkOrder);
