// What the browser build imports as `react` (vite.config.ts aliases react, react-dom and the
// JSX runtime to preact/compat): preact/compat plus the React 19 pieces it lacks that the app's
// libraries use. Searched in apps/web/src and node_modules (issue 35):
// - `Activity`: @mantine/core's Collapse (Accordion, NavLink and the side menu groups) and
//   TabsPanel keep hidden content mounted in it. Here it keeps the children mounted under one
//   wrapper whose `display` switches between `contents` (no box of its own, so the layout is
//   the same as without it) and `none`; the same element in both modes, so nothing remounts.
// - `useOptimistic`: react-router reads it off the namespace and falls back when it is missing.
// - useActionState, useFormStatus: used nowhere. `use` and useEffectEvent: preact/compat has them.
import { createElement, type ReactNode } from 'preact/compat';

// preact/compat's types are one `export =` namespace; the module itself has named exports
// @ts-expect-error TS2498: what the bundler re-exports is the ES module
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ReactNode;
}) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' }, 'data-activity': mode },
    children,
  );
}
