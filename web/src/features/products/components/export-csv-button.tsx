/**
 * A button that downloads a CSV export (api/export-csv.ts). An export is made by the server:
 * offline the button waits, and its tooltip says why (NeedsConnection).
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { memo } from 'react';
import { NeedsConnection } from '../../../components/needs-connection';
import { useCsvExport } from '../api/export-csv';

export interface ExportCsvButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** Starts the download; resolves with the saved file's name. */
  run: () => Promise<string>;
  /** The accessible name when the visible "Export CSV" needs context (in the price history). */
  ariaLabel?: string;
}

export const ExportCsvButton = memo(function ExportCsvButton({ run, ariaLabel, size, variant = 'default' }: ExportCsvButtonProps) {
  const { busy, start } = useCsvExport(run);
  return (
    <NeedsConnection>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={busy}
        onClick={start}
        aria-label={ariaLabel}
      >
        Export CSV
      </Button>
    </NeedsConnection>
  );
});
