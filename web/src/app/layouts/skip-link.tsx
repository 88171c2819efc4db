/** "Skip to main content": the first stop for keyboard users, visible only when focused. */
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
