/// <reference lib="dom" />
import { expect, type Locator } from '@playwright/test';

/**
 * Every element matched by `parts` lies inside its nearest `container` (a card) and shows all of its
 * text: nothing spills out of a card or is cut off, which a check of the page's width misses.
 */
export async function expectInside(parts: Locator, container: string) {
  const problems = await parts.evaluateAll((elements, selector) => {
    const found: string[] = [];
    for (const el of elements) {
      const box = el.closest(selector);
      if (!box) {
        found.push(`${el.textContent?.trim()}: not inside ${selector}`);
        continue;
      }
      const outer = box.getBoundingClientRect();
      const inner = el.getBoundingClientRect();
      const label = (el.textContent ?? '').trim().slice(0, 40);
      if (inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5) {
        found.push(
          `"${label}" spans ${inner.left.toFixed(0)}-${inner.right.toFixed(0)} px, its card ${outer.left.toFixed(0)}-${outer.right.toFixed(0)} px`,
        );
      }
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`"${label}" is cut off (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return found;
  }, container);
  expect(problems, 'elements outside their card').toEqual([]);
}

/** The visible controls matched that are smaller than `min` x `min` px, with their size. */
export function smallControls(controls: Locator, min = 44) {
  return controls.evaluateAll(
    (elements, least) =>
      elements
        // A component's inner parts (inside its shadow root too) count as the component; a checkbox
        // or radio button is tapped through its label, so the label is the target.
        .map((el) => {
          const components = 'ion-toggle, ion-checkbox, ion-segment-button, ion-button, ion-back-button';
          let node: Element | null = el.parentElement;
          while (node) {
            const found = node.closest(components);
            if (found) return found;
            const root = node.getRootNode();
            node = root instanceof ShadowRoot ? root.host : null;
          }
          if (el.matches('input[type="checkbox"], input[type="radio"]')) return el.closest('label') ?? el;
          return el;
        })
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
          const control = `${el.tagName.toLowerCase()}${name ? ` "${name}"` : ''}`;
          return { control, width: Math.round(r.width), height: Math.round(r.height) };
        })
        .filter((c) => c.width < least || c.height < least),
    min,
  );
}

/** Every visible control matched is at least 44 x 44 px (Apple's guideline for a thumb). */
export async function expectTouchTargets(controls: Locator, min = 44) {
  expect(await smallControls(controls, min), `controls smaller than ${min} x ${min} px`).toEqual([]);
}
