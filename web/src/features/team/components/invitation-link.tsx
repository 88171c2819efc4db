/**
 * What the Invite Member dialog shows once an invitation is sent: the acceptance link in a
 * read-only field with a copy button (Mantine CopyButton), whether it was also emailed, and the
 * way on (invite someone else, or done). "Link copied" is announced to screen readers.
 */
import type { CreateInvitationResponse } from '@catalog/contracts/team';
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ROLE_LABELS } from './team-badges';

export interface InvitationLinkProps {
  sent: CreateInvitationResponse;
  onInviteAnother: () => void;
  onDone: () => void;
}

export function InvitationLink({ sent, onInviteAnother, onDone }: InvitationLinkProps) {
  const { invitation, acceptUrl, emailSent } = sent;
  return (
    <Stack gap="md">
      <Text>
        {invitation.email} is invited as {ROLE_LABELS[invitation.role].toLowerCase()}.{' '}
        {emailSent
          ? 'We emailed them this link; you can also share it yourself.'
          : 'Share this link with them: they sign in with that email address and accept on the Team page.'}
      </Text>
      <TextInput
        label="Invitation link"
        value={acceptUrl}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        data-autofocus
      />
      <CopyButton value={acceptUrl} timeout={2000}>
        {({ copied, copy }) => (
          <Group gap="sm" wrap="wrap">
            <Button
              variant={copied ? 'filled' : 'default'}
              leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Text component="span" size="sm" role="status" c="dimmed">
              {copied ? 'Link copied to the clipboard' : ''}
            </Text>
          </Group>
        )}
      </CopyButton>
      <Text size="sm" c="dimmed">
        The link works once, until the invitation expires in 7 days.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onInviteAnother}>
          Invite another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
