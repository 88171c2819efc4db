/**
 * Asked when "Prices:" changes with prices drafted (issue 35): those prices were of the other
 * prices (the catalog's, or another list's), so changing clears them; keeping leaves the form as
 * it is. The selected products stay either way.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

export interface TargetChangeDialogProps {
  /** The name of the prices asked for ("Wholesale (USD)"); null: closed. */
  to: string | null;
  /** The name of the form's prices now ("Catalog"). */
  from: string;
  onKeep: () => void;
  onChange: () => void;
}

export function TargetChangeDialog({ to, from, onKeep, onChange }: TargetChangeDialogProps) {
  return (
    <Modal opened={to !== null} onClose={onKeep} title={`Change to ${to ?? ''} prices?`} centered>
      <Text size="sm">The prices drafted in this work order are for {from} prices. Changing clears them; the selected products stay.</Text>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onKeep}>
          Keep {from}
        </Button>
        <Button color="red" onClick={onChange}>
          Change and clear prices
        </Button>
      </Group>
    </Modal>
  );
}
