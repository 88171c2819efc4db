/**
 * The Invite Member dialog: email and role (admin or member, member by default) with the spec's
 * messages, then, once sent ('Invitation Sent'), the acceptance link with a copy button so the
 * inviter can pass it on (it is also emailed when the server has SMTP). Members see the dialog
 * too; the server refuses them and the toast says why.
 */
import { InviteBody, type CreateInvitationResponse, type InvitationRole } from '@catalog/contracts/team';
import { isApiError } from '@catalog/contracts/errors';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { NeedsConnection } from '../../../components/needs-connection';
import { createInvitation } from '../api/create-invitation';
import { useTeamAction } from '../hooks/use-team-action';
import { InvitationLink } from './invitation-link';

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

type FieldErrors = Partial<Record<'email' | 'role', string>>;

export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('member');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<CreateInvitationResponse | null>(null);
  const invite = useTeamAction(createInvitation, {
    fallback: 'Failed to send invitation',
    success: (created) => ({
      title: 'Invitation Sent',
      message: created.emailSent
        ? `We emailed an invitation to ${created.invitation.email}.`
        : `Share the invitation link with ${created.invitation.email}.`,
    }),
    onError: (err) => {
      if (isApiError(err) && err.fields?.email) setErrors({ email: err.fields.email });
    },
  });

  useEffect(() => {
    if (!opened) return;
    setEmail('');
    setRole('member');
    setErrors({});
    setSent(null);
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteBody.safeParse({ email, role: role ?? undefined });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'role' ? 'role' : 'email';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    const created = await invite.run(parsed.data);
    if (created) setSent(created);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Invite Member">
      {sent ? (
        <InvitationLink sent={sent} onInviteAnother={() => setSent(null)} onDone={onClose} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email address"
              type="email"
              autoComplete="off"
              placeholder="teammate@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setErrors((prev) => ({ ...prev, email: undefined }));
              }}
              error={errors.email}
              withAsterisk
              data-autofocus
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(value) => {
                setRole(value as InvitationRole | null);
                setErrors((prev) => ({ ...prev, role: undefined }));
              }}
              error={errors.role}
              allowDeselect={false}
              withAsterisk
            />
          </Stack>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose} disabled={invite.pending}>
              Cancel
            </Button>
            <NeedsConnection>
              <Button type="submit" loading={invite.pending}>
                Send Invitation
              </Button>
            </NeedsConnection>
          </Group>
        </form>
      )}
    </Dialog>
  );
}
