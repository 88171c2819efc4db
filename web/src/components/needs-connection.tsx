/**
 * Wraps a control whose action only the server can do (save settings, sync, invite, change the
 * plan...). Offline, the control looks disabled and does nothing when pressed, but keeps its
 * focus and hover so a tooltip, and screen readers through aria-describedby, can say why:
 * OFFLINE_ACTION_MESSAGE. (A truly `disabled` button gets no pointer events, so no tooltip.)
 * Online it is the control as given.
 *
 *   <NeedsConnection><Button onClick={save}>Save</Button></NeedsConnection>
 *
 * Also stops a form's submit button: the click (and so the submission) is cancelled.
 */
import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type MouseEvent, type ReactElement } from 'react';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../lib/use-online';
import { Deferred } from './deferred';

interface ControlProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
  'aria-disabled'?: boolean | 'true' | 'false';
  'data-disabled'?: boolean;
}

export interface NeedsConnectionProps {
  /** One control (Mantine Button, ActionIcon...) that forwards its props to the element. */
  children: ReactElement<ControlProps>;
  /** What the tooltip says offline; OFFLINE_ACTION_MESSAGE unless given. */
  message?: string;
  /** A tooltip for online too (an icon button's name); none unless given. */
  label?: string;
}

export function NeedsConnection({ children, message = OFFLINE_ACTION_MESSAGE, label }: NeedsConnectionProps) {
  const online = useOnline();
  const noteId = useId();
  const offline = !online;
  const described = [children.props['aria-describedby'], offline ? noteId : undefined].filter(Boolean).join(' ');
  const control = offline
    ? cloneElement(children, {
        'data-disabled': true,
        'aria-disabled': true,
        'aria-describedby': described || undefined,
        onClick: (event: MouseEvent<HTMLElement>) => {
          event.preventDefault();
          event.stopPropagation();
        },
      })
    : children;
  return (
    <>
      {/* The tooltip's machinery comes when it has something to say: offline, or with a label
          (after the first screen is painted). Deferred keeps the focus on the control across. */}
      <Deferred plain={() => control} force={offline} until={label ? 'idle' : 'press'}>
        <Tooltip label={offline ? message : label} disabled={online && !label} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
          {control}
        </Tooltip>
      </Deferred>
      {offline && <VisuallyHidden id={noteId}>{message}</VisuallyHidden>}
    </>
  );
}
