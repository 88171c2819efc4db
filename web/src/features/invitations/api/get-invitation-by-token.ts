/**
 * GET /api/invitations/{token}: the invitation behind a link, read without authentication (the
 * visitor may not have signed in yet), so it does not go through useApiQuery, whose queries
 * only run for a signed-in user. `useInvitationByToken` loads it once per token.
 */
import { InvitationByTokenResponse } from '@catalog/contracts/team';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';

export type InvitationDetails = InvitationByTokenResponse['invitation'];

export function getInvitationByToken(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return apiFetch(`/api/invitations/${encodeURIComponent(token)}`, {
    auth: false,
    schema: InvitationByTokenResponse,
    signal,
  }).then((body) => body.invitation);
}

export type InvitationLookup =
  | { state: 'loading' }
  | { state: 'loaded'; invitation: InvitationDetails }
  | { state: 'failed'; error: unknown };

export function useInvitationByToken(token: string | null): InvitationLookup {
  const [lookup, setLookup] = useState<InvitationLookup>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setLookup({ state: 'loading' });
    getInvitationByToken(token, controller.signal).then(
      (invitation) => setLookup({ state: 'loaded', invitation }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLookup({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token]);
  return lookup;
}
