/**
 * A sidebar item's name as a tooltip while the sidebar is an icon rail (tablets, signed-in-layout.tsx).
 * The name stays in the item's own text for screen readers (hidden on screen by sidebar.module.css's
 * railHidden). A full sidebar shows the name, so the item needs no tooltip there.
 */
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import { Deferred } from '../../components/deferred';

/** The sidebar's element (AppShell.Navbar): the rail's tooltips render inside it, in its landmark. */
export const NAVBAR_ID = 'app-sidebar';

export function RailTooltip({ rail, label, children }: { rail: boolean; label: string; children: ReactElement }) {
  if (!rail) return children;
  // The tooltip's machinery mounts after the first screen is painted (decision 044).
  return (
    <Deferred plain={() => children}>
      <Tooltip label={label} position="right" withArrow events={{ hover: true, focus: true, touch: true }} portalProps={{ target: `#${NAVBAR_ID}` }}>
        {children}
      </Tooltip>
    </Deferred>
  );
}
