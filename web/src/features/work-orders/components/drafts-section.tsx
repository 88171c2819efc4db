/**
 * /work-orders' "Drafts": the work orders being written on this device and not submitted yet
 * (local/drafts.ts), last edited first, each with its title, its price list if it has one
 * ("Wholesale (USD)", issue 35), product count and when it was last edited; Open continues it in the create form, Delete removes it after a confirmation. Shown
 * only when there are drafts. Drafts live on the device, so all of this works offline.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format-date-time';
import type { DraftRow } from '../../../local/catalog-db';
import { deleteDraft, useDrafts } from '../../../local/drafts';
import { targetName } from '@catalog/contracts/work-orders';
import { draftPath, draftTarget, UNTITLED_DRAFT } from '../utils/draft-state';

export const DELETE_DRAFT_QUESTION = 'Are you sure you want to delete this draft?';

const draftTitle = (draft: Pick<DraftRow, 'title'>) => draft.title.trim() || UNTITLED_DRAFT;

function DraftItem({ draft, onDelete, priceListNames }: { draft: DraftRow; onDelete: (draft: DraftRow) => void; priceListNames?: ReadonlyMap<number, string> }) {
  const title = draftTitle(draft);
  const target = draftTarget(draft.state);
  const products = `${draft.productCount.toLocaleString('en-US')} ${draft.productCount === 1 ? 'product' : 'products'}`;
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} fs={draft.title.trim() ? undefined : 'italic'}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {target ? `${targetName(target, priceListNames?.get(target.priceListId))} · ` : ''}
            {products} · Last edited {formatDateTime(new Date(draft.updatedAt))}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={draftPath(draft.id)}
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            aria-label={`Open draft ${title}`}
          >
            Open
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} aria-hidden="true" color="var(--mantine-color-red-7)" />}
            aria-label={`Delete draft ${title}`}
            onClick={() => onDelete(draft)}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export interface DraftsSectionProps {
  /** The device's price lists' names by id: a draft of a price list order names its list (issue 35). */
  priceListNames?: ReadonlyMap<number, string>;
}

export function DraftsSection({ priceListNames }: DraftsSectionProps = {}) {
  const drafts = useDrafts();
  const headingId = useId();
  const [deleting, setDeleting] = useState<DraftRow | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting || busy) return;
    setBusy(true);
    try {
      await deleteDraft(deleting.id);
      notifications.show({ color: 'green', title: 'Draft deleted', message: `“${draftTitle(deleting)}” was removed from this device.` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, 'Failed to delete the draft') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  if (!drafts || drafts.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h4" id={headingId}>
          Drafts
        </Title>
        <Text size="sm" c="dimmed">
          Saved on this device as you type; not submitted yet.
        </Text>
      </div>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {drafts.map((draft) => (
          <DraftItem key={draft.id} draft={draft} onDelete={setDeleting} priceListNames={priceListNames} />
        ))}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete draft"
        message={DELETE_DRAFT_QUESTION}
        confirmLabel="Delete"
        pending={busy}
        needsConnection={false}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm" c="dimmed">
          {deleting ? `“${draftTitle(deleting)}”: ` : ''}
          It is removed from this device and cannot be brought back.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
