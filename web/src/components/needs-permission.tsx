/**
 * Wraps a control that only some roles may use: the permission table (contracts
 * permissions.ts, decision 019) decides from the signed-in user's role. A role the table
 * refuses sees the control disabled (`aria-disabled`, so it keeps focus and hover) with a
 * tooltip, and a description for screen readers, saying who can: `whoCan(action)`, the words
 * of the API's 403. Pressing it does nothing (a form's submit is cancelled too). While the role
 * is not known yet the control is plainly disabled. An allowed role gets the control as
 * NeedsConnection gives it (disabled offline, with its own note).
 *
 *   <NeedsPermission action="team.invite"><Button onClick={invite}>Invite Member</Button></NeedsPermission>
 */
import { can, whoCan, type Action } from '@catalog/contracts/permissions';
import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type MouseEvent, type ReactElement } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { Deferred } from './deferred';
import { NeedsConnection } from './needs-connection';

interface ControlProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-disabled'?: boolean | 'true' | 'false';
  'data-disabled'?: boolean;
}

export interface NeedsPermissionProps {
  /** The row of the permission table the control's request is guarded by. */
  action: Action;
  /** One control (Mantine Button, ActionIcon...) that forwards its props to the element. */
  children: ReactElement<ControlProps>;
  /** A tooltip for allowed roles too (an icon button's name); none unless given. */
  label?: string;
}

/** Whether the signed-in user may do `action`; null while the user loads. */
export function useCan(action: Action): boolean | null {
  const { data: user } = useCurrentUser();
  return user ? can(user.role, action) : null;
}

export function NeedsPermission({ action, children, label }: NeedsPermissionProps) {
  const allowed = useCan(action);
  const noteId = useId();
  if (allowed === true) return <NeedsConnection label={label}>{children}</NeedsConnection>;
  if (allowed === null) return cloneElement(children, { disabled: true });

  const message = whoCan(action);
  const described = [children.props['aria-describedby'], noteId].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    // Not `disabled`: a disabled button gets neither focus nor hover, so its tooltip never shows.
    disabled: false,
    'data-disabled': true,
    'aria-disabled': true,
    'aria-describedby': described,
    onClick: (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      event.stopPropagation();
    },
  });
  return (
    <>
      <Deferred plain={() => control}>
        <Tooltip label={message} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
          {control}
        </Tooltip>
      </Deferred>
      <VisuallyHidden id={noteId}>{message}</VisuallyHidden>
    </>
  );
}
