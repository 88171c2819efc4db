/**
 * Channels v3 (`/channels`): list (paged; `include=currencies` adds each channel's currencies),
 * one channel, and the currency assignments of every channel or of one (`enabled_currencies`,
 * `default_currency`). Channel 1 is the default storefront (USD); the demo adds channel 2,
 * "Euro storefront" (EUR).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Channel } from '../price-list-types';
import { errorBody, paginate, readPaging } from '../responses';

function present(c: Context<AppEnv>, channel: Channel) {
  if (c.req.query('include') !== 'currencies') return channel;
  const currencies = c.get('pricing').data.currencies.find((cur) => cur.channel_id === channel.id);
  return currencies ? { ...channel, currencies } : channel;
}

const channelId = (c: Context<AppEnv>) => Number(c.req.param('channel_id'));

export const channelRoutes = new Hono<AppEnv>()
  .get('/channels', (c) => c.json(paginate(c, c.get('pricing').data.channels.map((ch) => present(c, ch)), readPaging(c))))
  .get('/channels/currency-assignments', (c) => c.json({ data: c.get('pricing').data.currencies, meta: {} }))
  .get('/channels/:channel_id{[0-9]+}', (c) => {
    const channel = c.get('pricing').data.channels.find((ch) => ch.id === channelId(c));
    if (!channel) return c.json(errorBody(404, `The channel ${channelId(c)} was not found.`), 404);
    return c.json({ data: present(c, channel), meta: {} });
  })
  .get('/channels/:channel_id{[0-9]+}/currency-assignments', (c) => {
    const currencies = c.get('pricing').data.currencies.find((cur) => cur.channel_id === channelId(c));
    if (!currencies) return c.json(errorBody(404, `The channel ${channelId(c)} was not found.`), 404);
    return c.json({ data: currencies, meta: {} });
  });
