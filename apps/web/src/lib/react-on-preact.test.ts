// @vitest-environment happy-dom
// The browser build's `react` (vite.config.ts aliases it to this module), on Preact itself:
// the web unit tests otherwise render with React (docs/architecture.md, "The first load").
import { createElement, render, useState } from 'preact/compat';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { Activity } from './react-on-preact';

const root = () => {
  const node = document.createElement('div');
  document.body.append(node);
  return node;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('react-on-preact (issue 35)', () => {
  it('puts a controlled field back to its value when its handler refuses the input', async () => {
    const DigitsOnly = () => {
      const [value, setValue] = useState('12');
      return createElement('input', {
        'aria-label': 'digits',
        value,
        onChange: (event: { currentTarget: HTMLInputElement }) => {
          const next = event.currentTarget.value;
          if (/^\d*$/.test(next)) setValue(next);
        },
      });
    };
    const node = root();
    act(() => {
      render(createElement(DigitsOnly, null), node);
    });
    const input = node.querySelector('input')!;

    input.value = '12a';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(input.value).toBe('12');

    input.value = '123';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(input.value).toBe('123');
  });

  it('leaves a field without a value of its own as typed', async () => {
    const node = root();
    act(() => {
      render(createElement('input', { 'aria-label': 'free', onChange: () => {} }), node);
    });
    const input = node.querySelector('input')!;
    input.value = 'anything';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(input.value).toBe('anything');
  });

  it('Activity hides its content without unmounting it, and shows it again', () => {
    let setHidden: (hidden: boolean) => void = () => {};
    const Panel = () => {
      const [hidden, set] = useState(false);
      setHidden = set;
      return createElement(
        Activity,
        { mode: hidden ? 'hidden' : 'visible' },
        createElement('input', { 'aria-label': 'kept', defaultValue: 'draft' }),
      );
    };
    const node = root();
    act(() => {
      render(createElement(Panel, null), node);
    });
    const input = node.querySelector('input')!;
    input.value = 'typed';
    const wrapper = input.parentElement!;
    expect(wrapper.style.display).toBe('contents');

    act(() => setHidden(true));
    expect(wrapper.style.display).toBe('none');
    expect(node.querySelector('input')).toBe(input);

    act(() => setHidden(false));
    expect(wrapper.style.display).toBe('contents');
    expect(node.querySelector('input')?.value).toBe('typed');
  });
});
