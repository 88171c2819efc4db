/** The list of backups: when, what took it, how much it holds, what changed since the one before; compare and download. */
import type { Backup } from '@catalog/contracts/backups';
import { Button, Group, Paper, ScrollArea, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconGitCompare } from '@tabler/icons-react';
import { NeedsPermission } from '../../../components/needs-permission';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatCount } from '../../../lib/format-number';
import { triggerText } from '../utils/backup-text';

export interface BackupListProps {
  backups: readonly Backup[];
  comparing: string | null;
  downloading: string | null;
  onCompare: (backup: Backup) => void;
  onDownload: (backup: Backup) => void;
}

export function BackupList({ backups, comparing, downloading, onCompare, onDownload }: BackupListProps) {
  if (backups.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>No backups yet. The first daily backup is taken once your catalog is synced; choose Back up now to take one at once.</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table striped verticalSpacing="sm" horizontalSpacing="md" aria-label="Backups" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date and time</Table.Th>
              <Table.Th>Taken</Table.Th>
              <Table.Th ta="right">Products</Table.Th>
              <Table.Th ta="right">Variants</Table.Th>
              <Table.Th ta="right">Prices changed</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {backups.map((b) => {
              const when = formatDateTime(b.createdAt);
              return (
                <Table.Tr key={b.id} aria-current={comparing === b.id ? 'true' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {triggerText(b)}
                    {b.otherStore && (
                      <Text size="xs" c="dimmed">
                        From another store
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(b.productCount)}</Table.Td>
                  <Table.Td ta="right">{formatCount(b.variantCount)}</Table.Td>
                  <Table.Td ta="right">{b.changedCount === null ? '—' : formatCount(b.changedCount)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Tooltip label="Backups from another store can only be downloaded" disabled={!b.otherStore} withArrow>
                        <span>
                          <NeedsPermission action="backups.compare">
                            <Button
                              size="compact-sm"
                              variant="default"
                              leftSection={<IconGitCompare size={14} aria-hidden="true" />}
                              disabled={b.otherStore}
                              onClick={() => onCompare(b)}
                            >
                              Compare with now
                              <VisuallyHidden>: the backup of {when}</VisuallyHidden>
                            </Button>
                          </NeedsPermission>
                        </span>
                      </Tooltip>
                      <NeedsPermission action="backups.download">
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconDownload size={14} aria-hidden="true" />}
                          loading={downloading === b.id}
                          onClick={() => onDownload(b)}
                        >
                          Download CSV
                          <VisuallyHidden>: the backup of {when}</VisuallyHidden>
                        </Button>
                      </NeedsPermission>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
