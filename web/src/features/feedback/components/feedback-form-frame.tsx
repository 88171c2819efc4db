/**
 * The embedded external feedback form. When there is no form address, the browser is offline,
 * or the form does not load in time, a friendly note takes its place (or sits above it) with a
 * link to open the form in its own tab.
 */
import { Anchor, Box, Loader, Paper, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';

/** After this long without a load event, the note suggests opening the form in a new tab. */
const LOAD_TIMEOUT_MS = 15_000;

function Note({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" role="status">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Box mt={2} aria-hidden="true" c="var(--mantine-primary-color-text)">
          {icon}
        </Box>
        <div>
          <Text fw={700}>{title}</Text>
          <Text size="sm" mt={4}>
            {children}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function NewTabLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" underline="always">
      open the form in a new tab
    </Anchor>
  );
}

export function FeedbackFormFrame({ url }: { url: string | null }) {
  const { online } = useNetwork();
  const [status, setStatus] = useState<'loading' | 'loaded' | 'slow'>('loading');

  useEffect(() => {
    if (!url || !online) return;
    setStatus('loading');
    const timer = setTimeout(() => {
      setStatus((current) => (current === 'loading' ? 'slow' : current));
    }, LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url, online]);

  if (!url) {
    return (
      <Note icon={<IconInfoCircle size={22} />} title="The feedback form is not available yet">
        The feedback form has not been set up for this installation of Catalog Pilot. Please check
        back soon; meanwhile, the topics listed on this page are the ones that help us most.
      </Note>
    );
  }

  if (!online) {
    return (
      <Note icon={<IconWifiOff size={22} />} title="You are offline">
        The feedback form needs an internet connection. It will appear here as soon as you are back
        online; anything else in Catalog Pilot you opened before keeps working meanwhile.
      </Note>
    );
  }

  return (
    <Box pos="relative">
      {status === 'slow' && (
        <Box mb="md">
          <Note icon={<IconInfoCircle size={22} />} title="The form is taking a while to load">
            It may be blocked by your network or browser. You can keep waiting, or{' '}
            <NewTabLink url={url} />.
          </Note>
        </Box>
      )}
      {status !== 'loaded' && (
        <Group gap="xs" mb="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">Loading the feedback form...</Text>
        </Group>
      )}
      <iframe
        src={url}
        title="Feedback form"
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setStatus('loaded')}
        style={{
          display: 'block',
          width: '100%',
          height: 900,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
        }}
      />
      <Text size="sm" mt="sm">
        Trouble with the form? You can also <NewTabLink url={url} />.
      </Text>
    </Box>
  );
}
