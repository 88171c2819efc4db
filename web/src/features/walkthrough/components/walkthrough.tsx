/**
 * The 6-step tour in a modal, with a progress bar, Previous/Next, Skip and Finish. It opens 1
 * second after sign-in for a user whose hasSeenWalkthrough is false; finishing or skipping (or
 * closing it) records that on the server, so it does not show again.
 */
import { Button, Group, Progress, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getErrorMessage } from '@catalog/contracts/errors';
import { useEffect, useRef, useState } from 'react';
import { Deferred } from '../../../components/deferred';
import { Dialog } from '../../../components/dialog';
import { useCurrentUser } from '../../../lib/current-user';
import { completeWalkthrough } from '../api/complete-walkthrough';
import { WALKTHROUGH_STEPS } from './walkthrough-steps';

/** Spec section 9: walkthrough start delay. */
export const WALKTHROUGH_DELAY_MS = 1000;

export function Walkthrough() {
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [step, setStep] = useState(0);
  const done = useRef(false);
  const due = user !== undefined && !user.hasSeenWalkthrough;

  useEffect(() => {
    if (!due || done.current) return;
    const timer = window.setTimeout(() => setOpened(true), WALKTHROUGH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due]);

  const finish = () => {
    if (done.current) return;
    done.current = true;
    setOpened(false);
    completeWalkthrough().catch((err: unknown) => {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(err, 'Failed to save that you have seen the tour'),
      });
    });
  };

  const current = WALKTHROUGH_STEPS[step]!;
  const total = WALKTHROUGH_STEPS.length;
  const isLast = step === total - 1;
  const StepIcon = current.icon;

  // Mounted only for a user who has the tour to see (a modal mounts a portal and its focus trap,
  // in the first screen's commit), and then only after that screen is painted (Deferred).
  if (!due && !opened) return null;
  return (
    <Deferred plain={() => null} force={opened} until="press">
      <Dialog opened={opened} onClose={finish} title={current.title} closeLabel="Close tour" size="lg">
        <Progress
          value={((step + 1) / total) * 100}
          size="sm"
          aria-label={`Tour progress: step ${step + 1} of ${total}`}
        />
        <Text size="sm" c="dimmed" mt={6}>
          Step {step + 1} of {total}
        </Text>
        <Group align="flex-start" wrap="nowrap" mt="md" gap="md">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
            <StepIcon size={26} stroke={1.6} />
          </ThemeIcon>
          <Text>{current.body}</Text>
        </Group>
        <Group justify="space-between" mt="xl" gap="sm">
          {isLast ? (
            <span />
          ) : (
            <Button variant="subtle" color="gray" onClick={finish}>
              Skip tour
            </Button>
          )}
          <Group gap="sm">
            <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              Previous
            </Button>
            {isLast ? (
              <Button onClick={finish} data-autofocus>
                Finish
              </Button>
            ) : (
              <Button onClick={() => setStep((s) => s + 1)} data-autofocus>
                Next
              </Button>
            )}
          </Group>
        </Group>
      </Dialog>
    </Deferred>
  );
}
