// What the browser build imports as `react` (vite.config.ts aliases react, react-dom and the
// JSX runtime to preact/compat): preact/compat plus the React 19 pieces it lacks that the app's
// libraries use. Searched in apps/web/src and node_modules (issue 35):
// - `Activity`: @mantine/core's Collapse (Accordion, NavLink and the side menu groups) and
//   TabsPanel keep hidden content mounted in it. Here it keeps the children mounted under one
//   wrapper whose `display` switches between `contents` (no box of its own, so the layout is
//   the same as without it) and `none`; the same element in both modes, so nothing remounts.
// - `useOptimistic`: react-router reads it off the namespace and falls back when it is missing.
// - useActionState, useFormStatus: used nowhere. `use` and useEffectEvent: preact/compat has them.
// - Controlled fields: React puts a field's `value` back after an input its handler refused
//   (DecimalInput's third decimal, a digits-only filter); Preact only sets it when it renders
//   the field again, and a refused input changes no state, so nothing renders. Below, after each
//   input event (and the render it caused), a field rendered with a `value` shows that value.
import { options, type VNode } from 'preact';
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

/** The `value` each controlled field was last rendered with. */
const renderedValue = new WeakMap<EventTarget, unknown>();
const isField = (type: unknown) => type === 'input' || type === 'textarea' || type === 'select';

const diffed = options.diffed;
options.diffed = (vnode: VNode) => {
  if (isField(vnode.type)) {
    // `__e` is the vnode's DOM node: Preact's internal name, stable across its releases (its
    // devtools and preact/debug read it too)
    const dom = (vnode as VNode & { __e?: EventTarget | null }).__e;
    const { value } = vnode.props as { value?: unknown };
    if (dom && value !== undefined) renderedValue.set(dom, value);
    else if (dom) renderedValue.delete(dom);
  }
  diffed?.(vnode);
};

if (typeof document !== 'undefined') {
  document.addEventListener('input', (event) => {
    const field = event.target;
    if ((event as InputEvent).isComposing || !renderedValue.has(field as EventTarget)) return;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (field instanceof HTMLInputElement && ['number', 'file'].includes(field.type)) return;
    // the field's own handler ran first, and the render it asked for is queued before this
    queueMicrotask(() => {
      const value = renderedValue.get(field);
      if (value !== undefined && field.value !== String(value)) field.value = String(value);
    });
  });
}
