import type { Page } from 'playwright-core';

export interface Small {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible tap target on the page smaller than `min` × `min` CSS pixels. Targets: links,
 * buttons, tabs, switches, checkboxes and radios, antd-mobile's chips and clickable list lines.
 * A link inside a sentence is exempt (WCAG 2.5.5's "inline" exception); antd-mobile's hidden native
 * inputs are measured through the control that wraps them.
 */
export function smallTargets(page: Page, min: number): Promise<Small[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]', 'button', '[role="button"]', '[role="tab"]', '[role="switch"]', '[role="option"]',
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])', 'textarea', 'select',
      '.adm-checkbox', '.adm-radio', '.adm-selector-item', '.adm-list-item[role="button"]', '.adm-list-item-clickable',
    ].join(',');
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const text = (el.parentElement?.textContent ?? '').trim();
      return text.length > (el.textContent ?? '').trim().length;
    };
    const out: { what: string; width: number; height: number }[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || inSentence(el)) continue;
      // antd-mobile's invisible helper controls (the wheel's screen-reader buttons are 1px on purpose).
      if (el.closest('[aria-hidden="true"]') || el.classList.contains('adm-picker-view-column-accessible-button')) continue;
      if (r.width + 0.5 < min || r.height + 0.5 < min) {
        const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 20);
        out.push({ what: `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${label}"`, width: Math.round(r.width), height: Math.round(r.height) });
      }
    }
    return out;
  }, min);
}

/** Visible text set smaller than `min` CSS pixels: each element's own text, with its size. */
export function smallText(page: Page, min: number): Promise<{ text: string; size: number }[]> {
  return page.evaluate((min) => {
    const out: { text: string; size: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], svg, script, style')) continue;
      const size = parseFloat(style.fontSize);
      if (size + 0.01 < min) out.push({ text: text.slice(0, 20), size });
    }
    return out;
  }, min);
}
