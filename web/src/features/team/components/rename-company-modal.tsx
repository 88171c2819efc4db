/**
 * The edit-company-name dialog (team.rename in the permission table): the name is trimmed and
 * may not be empty ('Company name cannot be empty', checked here and again by the server);
 * success shows 'Company Name Updated' and the new name in the page title.
 */
import { CompanyNameBody, TEAM_MESSAGES } from '@catalog/contracts/team';
import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { NeedsConnection } from '../../../components/needs-connection';
import { renameCompany } from '../api/rename-company';
import { useTeamAction } from '../hooks/use-team-action';

export interface RenameCompanyModalProps {
  opened: boolean;
  currentName: string;
  onClose: () => void;
}

export function RenameCompanyModal({ opened, currentName, onClose }: RenameCompanyModalProps) {
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const rename = useTeamAction(renameCompany, {
    fallback: 'Failed to update company name',
    success: (saved) => ({ title: 'Company Name Updated', message: `Your company is now called ${saved.name}.` }),
  });

  useEffect(() => {
    if (!opened) return;
    setName(currentName);
    setError(null);
  }, [opened, currentName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CompanyNameBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEAM_MESSAGES.companyName);
      return;
    }
    if (await rename.run(parsed.data)) onClose();
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Edit Company Name">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label="Company name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={100}
          withAsterisk
          data-autofocus
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={rename.pending}>
            Cancel
          </Button>
          <NeedsConnection>
            <Button type="submit" loading={rename.pending}>
              Save
            </Button>
          </NeedsConnection>
        </Group>
      </form>
    </Dialog>
  );
}
