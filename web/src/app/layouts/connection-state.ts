/**
 * What the header's connection indicator says, from the browser's online state, the catalog pull
 * and the outbox: offline, syncing (a pull or a send under way), or online; plus how many writes
 * wait to be sent and how many the server refused for good.
 */

export type ConnectionKind = 'online' | 'offline' | 'syncing';

export interface ConnectionInputs {
  online: boolean;
  /** The local catalog is pulling changes. */
  pulling: boolean;
  /** The outbox is sending an entry. */
  sending: boolean;
  /** Outbox entries waiting to be sent. */
  queued: number;
  /** Outbox entries the server refused, waiting for the user. */
  rejected: number;
}

export interface ConnectionState {
  kind: ConnectionKind;
  /** 'Online', 'Offline', 'Syncing'. */
  label: string;
  /** '3 queued', or null when nothing waits. */
  queuedText: string | null;
  /** '1 needs attention', or null when nothing was refused. */
  attentionText: string | null;
  /** The whole state as one sentence, for screen readers and the tooltip. */
  description: string;
}

const LABELS: Record<ConnectionKind, string> = { online: 'Online', offline: 'Offline', syncing: 'Syncing' };

export function connectionState({ online, pulling, sending, queued, rejected }: ConnectionInputs): ConnectionState {
  const kind: ConnectionKind = !online ? 'offline' : pulling || sending ? 'syncing' : 'online';
  const queuedText = queued > 0 ? `${queued} queued` : null;
  const attentionText = rejected > 0 ? `${rejected} ${rejected === 1 ? 'needs' : 'need'} attention` : null;
  const parts = [
    kind === 'offline' ? 'Offline: changes are kept on this device' : kind === 'syncing' ? 'Online, syncing' : 'Online',
    queued > 0 ? `${queued} ${queued === 1 ? 'change' : 'changes'} waiting to be sent` : null,
    rejected > 0 ? `${rejected} refused by the server ${rejected === 1 ? 'needs' : 'need'} attention` : null,
  ];
  return { kind, label: LABELS[kind], queuedText, attentionText, description: parts.filter(Boolean).join('. ') };
}
