/** Shown while a lazily loaded screen or the session is loading. */
import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="40vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
