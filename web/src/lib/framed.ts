/**
 * Whether the app runs inside another page's frame: BigCommerce's control panel opens the app
 * installed from it in an iframe (issue 34). There the header offers "Open in its own window",
 * and the browser's install offer is not shown (it installs top-level pages only).
 */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a browser that refuses to name the top window: only a frame does
  }
}
