/**
 * How to get the credentials: create a store-level API account in BigCommerce with the Products
 * scope set to modify (read-write). When the server runs the local demo store, its credentials
 * are named here with a one-click 'Use demo store' that fills the form.
 */
import { Alert, Anchor, Button, Code, List, Paper, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DemoStoreCredentials } from '../../../lib/demo-store';

interface SetupInstructionsProps {
  demoStore: DemoStoreCredentials | null;
  /** Fills the form with the demo store's credentials; absent when the user may not edit. */
  onUseDemo?: () => void;
}

export function SetupInstructions({ demoStore, onUseDemo }: SetupInstructionsProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="setup-title">
      <Title order={3} size="h3" id="setup-title">
        Setup instructions
      </Title>

      {demoStore && (
        <Alert
          mt="md"
          color="indigo"
          variant="light"
          icon={<IconFlask size={18} aria-hidden="true" />}
          title="Local demo store"
          // The light variant's indigo title falls under 4.5:1 on its tinted background.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Text size="sm">
            This server runs a demo store with a generated catalog. Connect it with store hash{' '}
            <Code>{demoStore.storeHash}</Code>, access token <Code>{demoStore.accessToken}</Code> and
            client ID <Code>{demoStore.clientId}</Code>.
          </Text>
          <Button mt="sm" size="xs" variant="filled" onClick={onUseDemo} disabled={!onUseDemo}>
            Use demo store
          </Button>
        </Alert>
      )}

      <List type="ordered" spacing="xs" size="sm" mt="md" pr="xs">
        <List.Item>
          In your BigCommerce control panel, open <b>Settings › API › Store-level API accounts</b>{' '}
          and choose <b>Create API account</b>.
        </List.Item>
        <List.Item>
          Choose the token type <b>V2/V3 API token</b> and give it a name, such as{' '}
          <i>Catalog Pilot</i>.
        </List.Item>
        <List.Item>
          Under OAuth scopes, set <b>Products</b> to <b>modify</b> (read-write). No other scope is
          needed.
        </List.Item>
        <List.Item>
          Save. BigCommerce shows the <b>Access token</b> and <b>Client ID</b> once: copy them. The
          store hash is the part after <Code>/stores/</Code> in the API path.
        </List.Item>
        <List.Item>
          Enter them here and save, then press <b>Sync Products</b> on the{' '}
          <Anchor component={Link} to="/products" inherit underline="always">
            Products
          </Anchor>{' '}
          page.
        </List.Item>
      </List>
    </Paper>
  );
}
