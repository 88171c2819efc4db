/**
 * "Load more" under a paged list (lib/use-paged-list.ts): the button while another page follows,
 * loading while it comes (disabled meanwhile, so a browser drops its focus), the failure with
 * "Try again" in its place. Screen readers hear how many are shown after each page. The focus
 * a press took from the button comes back when the page is in: to the button while more
 * follow, else to the line saying everything is shown, never to the page's start.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { PagedList } from '../lib/use-paged-list';

export interface LoadMoreProps {
  list: PagedList<unknown>;
  /** What the list holds, plural and lower-case ("backups"): "Load more backups", "12 backups shown". */
  what: string;
}

export function LoadMore({ list, what }: LoadMoreProps) {
  const { hasMore, loadMore, loadingMore, loadMoreError, pagesLoaded } = list;
  const shown = list.items?.length ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  /** The button had the focus when pressed: it goes back once the page is in. */
  const returnFocus = useRef(false);
  useEffect(() => {
    if (loadingMore || !returnFocus.current) return;
    returnFocus.current = false;
    (hasMore ? button.current : done.current)?.focus();
  }, [loadingMore, hasMore]);

  if (!hasMore) {
    // Only after Load more was used: a list that fits one page says nothing more.
    if (pagesLoaded === 0) return null;
    return (
      <Text ref={done} tabIndex={-1} size="sm" c="dimmed" ta="center" mt="md" role="status">
        All {shown} {what} shown
      </Text>
    );
  }
  const failed = loadMoreError !== undefined;
  return (
    <Stack gap="xs" align="center" mt="md">
      {failed && (
        <Text size="sm" c="red" role="alert">
          Could not load more {what}: {getErrorMessage(loadMoreError, 'Please try again.')}
        </Text>
      )}
      <Button
        ref={button}
        variant="default"
        loading={loadingMore}
        onClick={() => {
          returnFocus.current = document.activeElement === button.current;
          loadMore();
        }}
      >
        {failed ? `Try again: load more ${what}` : `Load more ${what}`}
      </Button>
      {pagesLoaded > 0 && (
        <VisuallyHidden role="status">
          {shown} {what} shown
        </VisuallyHidden>
      )}
    </Stack>
  );
}
