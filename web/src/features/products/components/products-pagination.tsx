/**
 * The pager: 'Showing X to Y of Z products' and the page size (20, 50, 100, 200) whenever there
 * are products; Previous, at most 5 page buttons and Next only when there is more than one page.
 */
import { PAGE_SIZE_OPTIONS } from '@catalog/contracts/products';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { memo } from 'react';
import { pageButtons, showingText, showPager, totalPages } from '../utils/pagination';

export interface ProductsPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export const ProductsPagination = memo(function ProductsPagination({ page, pageSize, total, onPage, onPageSize }: ProductsPaginationProps) {
  if (total === 0) return null;
  const pages = totalPages(total, pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {showingText(page, pageSize, total)}
        </Text>
        <NativeSelect
          aria-label="Products per page"
          size="xs"
          data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} per page` }))}
          value={String(pageSize)}
          onChange={(e) => onPageSize(Number(e.currentTarget.value))}
        />
      </Group>
      {showPager(total, pageSize) && (
        <nav aria-label="Pages">
          <Group gap={4} wrap="wrap">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous
            </Button>
            {pageButtons(page, pages).map((n) => (
              <Button
                key={n}
                size="xs"
                variant={n === page ? 'filled' : 'default'}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => onPage(n)}
              >
                {n}
              </Button>
            ))}
            <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              Next
            </Button>
          </Group>
        </nav>
      )}
    </Group>
  );
});
