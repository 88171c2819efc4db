/**
 * The install's token exchange (auth.mdx): the auth callback's code, with the app's client id
 * and secret, for the store's access token at `{BIGCOMMERCE_LOGIN_URL}/oauth2/token`. The answer
 * is checked against the documented shape and the context asked for; anything else, and a
 * refusal, is an ExchangeError (the auth page says the install failed, never a stack).
 */
import { z } from 'zod';

export class ExchangeError extends Error {}

const Person = z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), email: z.string().min(3).max(254) });

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(512),
  scope: z.string().max(2_000),
  user: Person,
  owner: Person,
  context: z.string().max(80),
  account_uuid: z.string().max(80).nullish(),
});

export interface Exchanged {
  accessToken: string;
  scope: string;
  user: { id: number; email: string };
  owner: { id: number; email: string };
  accountUuid: string | null;
}

export interface ExchangeRequest {
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  scope: string;
  context: string;
  redirectUri: string;
  fetch?: typeof fetch;
  /** Default 15 s: the merchant is waiting on the install page. */
  timeoutMs?: number;
}

export async function exchangeCode(req: ExchangeRequest): Promise<Exchanged> {
  const doFetch = req.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(new URL('/oauth2/token', req.loginUrl), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: req.clientId,
        client_secret: req.clientSecret,
        code: req.code,
        context: req.context,
        scope: req.scope,
        grant_type: 'authorization_code',
        redirect_uri: req.redirectUri,
      }),
      signal: AbortSignal.timeout(req.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new ExchangeError(`the login service could not be reached: ${String(err)}`);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ExchangeError(`the login service refused the code (${res.status}): ${text.slice(0, 200)}`);
  let parsed;
  try {
    parsed = TokenAnswer.safeParse(JSON.parse(text));
  } catch {
    throw new ExchangeError('the login service answered something other than JSON');
  }
  if (!parsed.success) throw new ExchangeError('the login service answered an unexpected token shape');
  if (parsed.data.context !== req.context) throw new ExchangeError('the token is for another store');
  const { access_token, scope, user, owner, account_uuid } = parsed.data;
  return {
    accessToken: access_token,
    scope,
    user: { id: user.id, email: user.email.toLowerCase() },
    owner: { id: owner.id, email: owner.email.toLowerCase() },
    accountUuid: account_uuid ?? null,
  };
}
