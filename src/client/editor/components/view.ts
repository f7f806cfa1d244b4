/**
 * The visual mode's drawing of a component or HTML block (`tree.ts`'s element tree) as the site shows
 * it: the site's own classes (`folio-callout`, `folio-card`, `folio-tabs`, ...) so the site's
 * stylesheet (`site-style.ts`) gives it the site's look, each prose child a rich-text view, each code
 * child an editable code block, raw HTML sanitised and rendered, images served through the editor's
 * asset route. A component's props are edited in a small form (its settings button); every edit
 * changes the model and hands the block's new bytes to `onChange`, only the edited piece's bytes
 * differing. A component the editor does not know is a labelled card with its props, its content
 * still editable.
 */
import type { Block } from '../blocks.js';
import { richBlock, type RichBlock } from '../rich-view.js';
import { assetUrl, sanitizedHtml } from './sanitize.js';
import { attrValue, CALLOUT_KINDS, childElements, KNOWN_COMPONENTS, renameElement, serializePart, setAttr, type ElementNode, type LeafNode, type Part } from './tree.js';

export interface ComponentOptions {
  element: ElementNode;
  onChange: (text: string) => void;
  onActive: (block: RichBlock) => void;
  editable: () => boolean;
  assetBase: () => string;
}

export interface ComponentView {
  el: HTMLElement;
  destroy(): void;
}

/** The props each component's form offers (besides those the source already sets). */
const PROPS: Record<string, string[]> = {
  Card: ['title', 'icon', 'href', 'img', 'cta'],
  CardGroup: ['cols'],
  Columns: ['cols'],
  Tab: ['title', 'icon'],
  Step: ['title', 'icon'],
  Accordion: ['title', 'description', 'icon'],
  Expandable: ['title'],
  ParamField: ['path', 'query', 'body', 'header', 'type', 'default'],
  ResponseField: ['name', 'type', 'default'],
  Frame: ['caption', 'hint'],
  img: ['src', 'alt', 'className'],
  Update: ['label', 'description'],
  Tile: ['title', 'description', 'href'],
  Callout: ['title', 'icon', 'color'],
};
for (const kind of CALLOUT_KINDS) PROPS[kind] ??= ['title', 'icon'];

const h = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
};

/** Common indentation of a text's non-blank lines. */
function indentOf(text: string): string {
  let indent: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const own = /^[ \t]*/.exec(line)![0];
    if (indent === null || own.length < indent.length) indent = own;
  }
  return indent ?? '';
}
const dedent = (text: string, indent: string) => text.split('\n').map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\n');
const reindent = (text: string, indent: string) => text.split('\n').map((l) => (l.trim() === '' ? l : indent + l)).join('\n');

/** Callout glyphs, drawn with the callout's colour (the site draws its icon set's; these stand in). */
const CALLOUT_GLYPH: Record<string, string> = {
  note: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
  tip: 'M9 21h6v-1H9zm3-19a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z',
  warning: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  danger: 'M15.7 3H8.3L3 8.3v7.4L8.3 21h7.4l5.3-5.3V8.3zM13 17h-2v-2h2zm0-4h-2V7h2z',
  callout: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
};
function glyph(kind: string, className: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', className);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', CALLOUT_GLYPH[kind] ?? CALLOUT_GLYPH.note!);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** A named icon (`icon="rocket"`): the site resolves it to its icon set's glyph; the editor shows a tidy mark with the name. */
function iconMark(name: string | undefined, className: string): HTMLElement | null {
  if (!name) return null;
  const mark = h('span', `ed-c-icon ${className}`, name.replace(/^.*\//, '').slice(0, 1).toUpperCase());
  mark.title = `Icon: ${name}`;
  mark.setAttribute('aria-hidden', 'true');
  return mark;
}

/** A fenced code block's parts: its info line's language and title (`bash npm`, `js title="x"`). */
function fenceInfo(prefix: string): { lang: string; title: string } {
  const info = prefix.trim().replace(/^(`{3,}|~{3,})/, '').trim();
  const [lang = '', ...rest] = info.split(/\s+/);
  const meta = rest.join(' ');
  const title = /title="([^"]*)"/.exec(meta)?.[1] ?? meta.replace(/\{[^}]*\}/g, '').trim();
  return { lang, title };
}

/** A Markdown image alone on its lines (`![alt](src "title")`). */
/** A paragraph that is one Markdown image: lead, alt, address, title, end. */
export const IMAGE = /^(\s*)!\[([^\]]*)\]\(\s*(\S+?)(\s+"[^"]*")?\s*\)(\s*)$/;

/** A fenced code block as the site's code box, its code editable as plain text (indentation kept); `changed` after each edit of `leaf.body`. */
function codeBox(leaf: LeafNode, editable: boolean, changed: () => void): HTMLElement {
  const { lang, title } = fenceInfo(leaf.block.prefix);
  const indent = indentOf(leaf.body);
  const box = h('div', 'folio-code ed-c-code');
  const head = h('div', 'folio-code-header ed-c-code-head', title || lang || 'Code');
  const pre = h('pre', 'ed-c-code-text');
  const code = h('code');
  code.contentEditable = editable ? 'plaintext-only' : 'false';
  code.spellcheck = false;
  code.setAttribute('aria-label', `Code${lang ? ` (${lang})` : ''}`);
  const trailing = leaf.body.endsWith('\n') ? '\n' : '';
  code.textContent = dedent(trailing ? leaf.body.slice(0, -1) : leaf.body, indent);
  code.addEventListener('input', () => {
    leaf.body = reindent((code.innerText ?? code.textContent ?? '').replace(/\n$/, ''), indent) + trailing;
    changed();
  });
  pre.append(code);
  box.append(head, pre);
  return box;
}

/** A top-level code block of the page drawn as the site's code box; `onChange` hears its new body. */
export function codeBlockView(block: Block, editable: () => boolean, onChange: (body: string) => void): HTMLElement {
  const leaf: LeafNode = { type: 'leaf', block, rich: null, body: block.body };
  const wrapper = h('div', 'ed-c-block');
  wrapper.append(codeBox(leaf, editable(), () => onChange(leaf.body)));
  return wrapper;
}

export function componentView(options: ComponentOptions): ComponentView {
  const rich: RichBlock[] = [];
  const root = options.element;
  const commit = () => options.onChange(serializePart(root));
  const wrapper = h('div', 'ed-c-block');

  // ---------------------------------------------------------------- leaves

  function drawLeaf(leaf: LeafNode): HTMLElement | null {
    const { block } = leaf;
    if (block.kind === 'blank') return null;
    if (leaf.rich && (block.kind === 'paragraph' || block.kind === 'heading')) {
      const view = richBlock({
        rich: leaf.rich,
        level: Number(block.detail ?? 2),
        className: block.kind === 'heading' ? `ed-v ed-c-prose ed-v-h${block.detail}` : 'ed-v ed-c-prose',
        label: block.kind === 'heading' ? `Heading ${block.detail}` : 'Text',
        onChange: (body) => {
          leaf.body = body;
          commit();
        },
        onActive: options.onActive,
        editable: options.editable,
      });
      rich.push(view);
      return view.view.dom;
    }
    const image = block.kind === 'paragraph' ? IMAGE.exec(leaf.body) : null;
    if (image) return drawImage(leaf, image);
    if (block.kind === 'code') return drawCode(leaf);
    if (block.kind === 'esm') return h('div', 'ed-c-note', 'Import or export (edit it in Markdown)');
    if (block.kind === 'component' || block.kind === 'html') return labelled(/^\s*<([\w.]+)/.exec(leaf.body)?.[1] ?? 'Element', 'This part does not read as a component: edit it in Markdown.');
    return plainText(leaf);
  }

  /** Prose the rich text does not take (a table, inline JSX): its lines as editable plain text. */
  function plainText(leaf: LeafNode): HTMLElement {
    const indent = indentOf(leaf.body);
    const el = h('div', 'ed-v ed-c-prose ed-c-plain');
    el.contentEditable = options.editable() ? 'plaintext-only' : 'false';
    el.textContent = dedent(leaf.body, indent);
    el.addEventListener('input', () => {
      leaf.body = reindent((el.innerText ?? el.textContent ?? '').replace(/\n$/, ''), indent);
      commit();
    });
    return el;
  }

  function drawCode(leaf: LeafNode): HTMLElement {
    return codeBox(leaf, options.editable(), commit);
  }

  function drawImage(leaf: LeafNode, match: RegExpExecArray): HTMLElement {
    const [, lead = '', alt = '', src = '', title = '', end = ''] = match;
    const figure = h('div', 'ed-c-image');
    const img = h('img');
    img.src = assetUrl(src, options.assetBase());
    img.alt = alt;
    img.loading = 'lazy';
    figure.append(img);
    figure.append(
      propsButton(figure, 'Image', [
        { name: 'alt', label: 'Alt text', value: alt },
        { name: 'src', label: 'Address', value: src },
      ], (values) => {
        leaf.body = `${lead}![${values.alt ?? alt}](${values.src ?? src}${title})${end}`;
        commit();
        redraw();
      }),
    );
    return figure;
  }

  // ---------------------------------------------------------------- the props form

  interface Field {
    name: string;
    label: string;
    value: string;
    choices?: string[];
    readOnly?: boolean;
  }

  function propsButton(host: HTMLElement, title: string, fields: Field[], apply: (values: Record<string, string | undefined>) => void): HTMLElement {
    const button = h('button', 'ed-c-settings');
    button.type = 'button';
    // "properties", not "settings": the page's own Settings button keeps its name to itself.
    button.setAttribute('aria-label', `${title} properties`);
    button.title = `${title} properties`;
    button.innerHTML = '<svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0"/><circle cx="16" cy="6" r="2" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="10" cy="12" r="2" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="18" cy="18" r="2" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
    button.hidden = !options.editable();
    button.addEventListener('click', (e) => {
      e.stopPropagation();
      const open = host.querySelector(':scope > .ed-c-form');
      if (open) return void open.remove();
      const form = h('form', 'ed-c-form');
      form.setAttribute('aria-label', `${title} properties`);
      form.append(h('p', 'ed-c-form-title', title));
      for (const field of fields) {
        const label = h('label', 'ed-c-form-row');
        label.append(h('span', '', field.label));
        let input: HTMLInputElement | HTMLSelectElement;
        if (field.choices) {
          input = h('select');
          for (const choice of field.choices) {
            const option = h('option', '', choice);
            option.value = choice;
            input.append(option);
          }
        } else {
          input = h('input');
          input.type = 'text';
        }
        input.name = field.name;
        input.value = field.value;
        input.disabled = field.readOnly === true;
        if (field.readOnly) label.title = 'An expression: edit it in Markdown';
        label.append(input);
        form.append(label);
      }
      const row = h('div', 'ed-c-form-actions');
      const save = h('button', 'ed-c-form-save', 'Apply');
      save.type = 'submit';
      const cancel = h('button', 'ed-c-form-cancel', 'Cancel');
      cancel.type = 'button';
      cancel.addEventListener('click', () => form.remove());
      row.append(cancel, save);
      form.append(row);
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const values: Record<string, string | undefined> = {};
        for (const field of fields) {
          if (field.readOnly) continue;
          const input = form.elements.namedItem(field.name) as HTMLInputElement | null;
          if (input && input.value !== field.value) values[field.name] = input.value;
        }
        form.remove();
        if (Object.keys(values).length) apply(values);
      });
      form.addEventListener('keydown', (ev) => {
        if (ev.key === 'Escape') form.remove();
      });
      host.append(form);
      (form.querySelector('input:not(:disabled), select') as HTMLElement | null)?.focus();
    });
    return button;
  }

  /** The settings of an element: its kind (callouts), the props its kind offers, and those it sets. */
  function elementSettings(host: HTMLElement, el: ElementNode): HTMLElement {
    const names = [...(PROPS[el.name] ?? [])];
    for (const attr of el.attrs) if (attr.name && !names.includes(attr.name)) names.push(attr.name);
    const fields: Field[] = [];
    if (CALLOUT_KINDS.includes(el.name)) fields.push({ name: '#kind', label: 'Kind', value: el.name, choices: CALLOUT_KINDS });
    for (const name of names) {
      const attr = el.attrs.find((a) => a.name === name);
      const expression = attr !== undefined && attr.value === null;
      fields.push({ name, label: name, value: expression ? attr.raw.slice(name.length).replace(/^\s*=\s*/, '') : (attr?.value ?? ''), readOnly: expression });
    }
    return propsButton(host, el.name, fields, (values) => {
      for (const [name, value] of Object.entries(values)) {
        if (name === '#kind') {
          if (value) renameElement(el, value);
        } else setAttr(el, name, value === '' || value === undefined ? null : value);
      }
      commit();
      redraw();
    });
  }

  // ---------------------------------------------------------------- elements

  function drawChildren(el: ElementNode, into: HTMLElement, skip?: (part: Part) => boolean): void {
    for (const part of el.children) {
      if (skip?.(part)) continue;
      const node = part.type === 'leaf' ? drawLeaf(part) : drawElement(part);
      if (node) into.append(node);
    }
  }

  function labelled(name: string, note: string): HTMLElement {
    const card = h('div', 'ed-c-card');
    card.append(h('p', 'ed-c-card-name', name), h('p', 'ed-c-card-note', note));
    return card;
  }

  function drawElement(el: ElementNode): HTMLElement {
    const host = h('div', 'ed-c');
    host.dataset.component = el.name;
    const body = drawBody(el, host);
    host.append(body);
    if (el.name !== 'Tabs' && el.name !== 'Steps' && el.name !== 'AccordionGroup' && el.name !== 'CodeGroup') host.append(elementSettings(host, el));
    return host;
  }

  function drawBody(el: ElementNode, host: HTMLElement): HTMLElement {
    const name = el.name;
    const kind = name.toLowerCase();
    if (/^[a-z]/.test(name)) {
      const box = h('div', 'ed-c-html');
      box.append(sanitizedHtml(serializePart({ ...el, lead: '', tail: '' }), options.assetBase()));
      return box;
    }
    if (CALLOUT_KINDS.includes(name)) {
      const box = h('div', `folio-callout folio-callout-${kind}`);
      box.append(glyph(kind, 'folio-callout-icon'));
      const inner = h('div', 'folio-callout-body');
      const title = attrValue(el, 'title');
      if (title) inner.append(h('p', 'folio-callout-title', title));
      drawChildren(el, inner);
      box.append(inner);
      return box;
    }
    switch (name) {
      case 'Card': {
        const card = h('div', 'folio-card');
        const img = attrValue(el, 'img');
        if (img) {
          const picture = h('img', 'folio-card-img');
          picture.src = assetUrl(img, options.assetBase());
          picture.alt = '';
          card.append(picture);
        }
        const content = h('div', 'folio-card-content');
        const icon = iconMark(attrValue(el, 'icon'), 'folio-card-icon');
        if (icon) content.append(icon);
        const text = h('div', 'folio-card-text');
        const title = attrValue(el, 'title');
        if (title) text.append(h('p', 'folio-card-title', title));
        const cardBody = h('div', 'folio-card-body');
        drawChildren(el, cardBody);
        if (cardBody.childNodes.length) text.append(cardBody);
        content.append(text);
        if (attrValue(el, 'href')) content.append(h('span', 'folio-card-arrow', '↗'));
        card.append(content);
        return card;
      }
      case 'CardGroup':
      case 'Columns': {
        const grid = h('div', `folio-grid ${name === 'Columns' ? 'folio-columns' : 'folio-card-group'}`);
        const cols = Math.min(Math.max(Number(attrValue(el, 'cols') ?? /\d+/.exec(el.attrs.find((a) => a.name === 'cols')?.raw ?? '')?.[0] ?? 2) || 2, 1), 6);
        grid.style.setProperty('--folio-cols', String(cols));
        drawChildren(el, grid);
        return grid;
      }
      case 'Column':
      case 'AccordionGroup': {
        const group = h('div', name === 'Column' ? 'folio-column' : 'folio-accordion-group');
        drawChildren(el, group);
        return group;
      }
      case 'Tabs':
      case 'CodeGroup':
      case 'RequestExample':
      case 'ResponseExample':
        return drawTabs(el);
      case 'Steps': {
        const list = h('ol', 'folio-steps');
        let n = 0;
        for (const part of el.children) {
          if (part.type === 'element' && part.name === 'Step') {
            n++;
            const item = h('li', 'folio-step ed-c');
            item.dataset.component = 'Step';
            const marker = h('div', 'folio-step-marker', attrValue(part, 'stepNumber') ?? String(n));
            marker.setAttribute('aria-hidden', 'true');
            const content = h('div', 'folio-step-content');
            const title = attrValue(part, 'title');
            if (title) content.append(h('p', 'folio-step-title', title));
            const stepBody = h('div', 'folio-step-body');
            drawChildren(part, stepBody);
            content.append(stepBody);
            item.append(marker, content, elementSettings(item, part));
            list.append(item);
          } else {
            const node = part.type === 'leaf' ? drawLeaf(part) : drawElement(part);
            if (node) list.append(node);
          }
        }
        return list;
      }
      case 'Accordion':
      case 'Expandable': {
        const details = h('details', name === 'Accordion' ? 'folio-accordion' : 'folio-expandable');
        details.open = true;
        const title = attrValue(el, 'title') ?? '';
        const summary = h('summary', name === 'Accordion' ? 'folio-accordion-summary' : 'folio-expandable-summary');
        if (name === 'Accordion') summary.append(h('span', 'folio-accordion-title', title));
        else summary.textContent = `Show ${title}`;
        const inner = h('div', name === 'Accordion' ? 'folio-accordion-body' : 'folio-expandable-body');
        drawChildren(el, inner);
        details.append(summary, inner);
        return details;
      }
      case 'ParamField':
      case 'ResponseField': {
        const field = h('div', 'folio-field');
        const head = h('div', 'folio-field-head');
        const location = ['path', 'query', 'body', 'header'].find((k) => attrValue(el, k) !== undefined);
        const fieldName = location ? attrValue(el, location) : attrValue(el, 'name');
        if (fieldName) head.append(h('code', 'folio-field-name', fieldName));
        if (location) head.append(h('span', 'folio-field-location', location));
        const type = attrValue(el, 'type');
        if (type) head.append(h('span', 'folio-field-type', type));
        if (el.attrs.some((a) => a.name === 'required' && a.value !== 'false')) head.append(h('span', 'folio-field-required', 'required'));
        const fieldDefault = attrValue(el, 'default');
        if (fieldDefault) head.append(h('span', 'folio-field-default', `default: ${fieldDefault}`));
        const inner = h('div', 'folio-field-body');
        drawChildren(el, inner);
        field.append(head, inner);
        return field;
      }
      case 'Frame': {
        const figure = h('figure', 'folio-frame');
        const hint = attrValue(el, 'hint');
        if (hint) figure.append(h('p', 'folio-frame-hint', hint));
        const inner = h('div', 'folio-frame-body');
        drawChildren(el, inner);
        figure.append(inner);
        const caption = attrValue(el, 'caption');
        if (caption) figure.append(h('figcaption', 'folio-frame-caption', caption));
        return figure;
      }
      case 'Badge':
      case 'Tooltip':
      case 'Icon': {
        const span = h('div', 'ed-c-inline');
        if (name === 'Icon') span.append(iconMark(attrValue(el, 'icon') ?? '?', 'folio-icon')!);
        else {
          const inner = h('span', name === 'Badge' ? 'folio-badge' : 'folio-tooltip');
          drawChildren(el, inner);
          span.append(inner);
        }
        return span;
      }
      default: {
        // Not drawn as the site does: a tidy card with its name and props, its content editable inside.
        const card = h('div', 'ed-c-card');
        card.append(h('p', 'ed-c-card-name', name));
        const props = el.attrs.filter((a) => a.name).map((a) => (a.value !== null ? `${a.name}: ${a.value}` : a.name));
        if (props.length) card.append(h('p', 'ed-c-card-note', props.join(' · ')));
        if (!KNOWN_COMPONENTS.has(name) && !el.children.some((c) => c.type === 'element' || c.block.kind !== 'blank')) card.append(h('p', 'ed-c-card-note', 'A component of this site (shown in the preview)'));
        const inner = h('div', 'ed-c-card-body');
        drawChildren(el, inner);
        if (inner.childNodes.length) card.append(inner);
        return card;
      }
    }
  }

  function drawTabs(el: ElementNode): HTMLElement {
    const code = el.name !== 'Tabs';
    const box = h('div', `folio-tabs ${code ? 'folio-code-group' : 'folio-tabs-content'}`);
    const list = h('div', 'folio-tab-list');
    list.setAttribute('role', 'tablist');
    box.append(list);
    const panes = code ? el.children.filter((c) => c.type === 'leaf' ? c.block.kind === 'code' : true) : childElements(el);
    const panels: HTMLElement[] = [];
    const tabs: HTMLButtonElement[] = [];
    const select = (i: number) => {
      tabs.forEach((t, k) => t.setAttribute('aria-selected', String(k === i)));
      panels.forEach((p, k) => (p.hidden = k !== i));
    };
    panes.forEach((pane, i) => {
      const title = pane.type === 'element' ? (attrValue(pane, 'title') ?? `Tab ${i + 1}`) : (fenceInfo(pane.block.prefix).title || fenceInfo(pane.block.prefix).lang || `Tab ${i + 1}`);
      const tab = h('button', 'folio-tab', title);
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.addEventListener('click', () => select(i));
      tabs.push(tab);
      list.append(tab);
      const panel = h('div', 'folio-tab-panel ed-c');
      if (pane.type === 'element') {
        panel.dataset.component = pane.name;
        drawChildren(pane, panel);
        panel.append(elementSettings(panel, pane));
      } else {
        const node = drawLeaf(pane);
        if (node) panel.append(node);
      }
      panels.push(panel);
      box.append(panel);
    });
    select(0);
    return box;
  }

  function redraw(): void {
    for (const view of rich.splice(0)) view.destroy();
    wrapper.replaceChildren(drawElement(root));
  }

  redraw();
  return {
    el: wrapper,
    destroy: () => {
      for (const view of rich.splice(0)) view.destroy();
    },
  };
}
