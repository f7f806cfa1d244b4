/**
 * The navigation sidebar's arrange mode: docs.json's navigation as an outline (tabs and other
 * divisions, groups, pages), each row with its kind's icon, dragged and dropped to move it (before or
 * after another row, or onto a group or division to go inside it), and a menu of real buttons for the
 * keyboard (move up/down, move to a group, rename, add a page, delete an empty group). "Add new" offers
 * a page, a group and every division docs.json has; Undo and Redo (and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or
 * Ctrl+Y in the outline) step back and forth through the arrangements, several deep. Each action
 * is one `navigation.json` request; the server writes docs.json and refuses what would not load.
 */

export type OutlineNode =
  | { type: 'division'; kind: string; label: string; id: string; children: OutlineNode[] }
  | { type: 'group'; name: string; id: string; children: OutlineNode[] }
  | { type: 'page'; entry: string; id: string; title?: string; file?: string }
  | { type: 'other'; label: string; id: string };

export interface NavOutline {
  items: OutlineNode[];
  tabs: boolean;
}

export interface ArrangeContext {
  /** Send one navigation edit; resolves with the server's answer once the state is fresh again (rejects with the refusal). */
  edit(fields: Record<string, unknown>): Promise<unknown>;
  openFile(file: string): void;
  /** Open the add-page form for a new page at the end of a group. */
  addPageIn(group: { id: string; name: string }): void;
  report(err: unknown): void;
  currentFile: string;
  branch: string;
}

/**
 * The row whose menu stays open and the control to focus after the outline is drawn again; `sent`
 * holds the drafts (see `data-draft`) of a form just submitted, which the next drawing starts afresh.
 */
const keep: { open: string | null; focus: { id: string; action: string } | null; forms: Set<string>; sent: Set<string>; undos: Step[]; redos: Step[]; busy: boolean; kind: DivisionKind; menu: string | null } = {
  open: null,
  focus: null,
  forms: new Set(),
  sent: new Set(),
  undos: [],
  redos: [],
  busy: false,
  kind: 'tab',
  menu: null,
};

/**
 * One step of the arrangement history: docs.json's text to put back, and the text it must have now
 * (the server's `restore` refuses otherwise: someone else changed it since). Every answer of
 * navigation.json carries the step that undoes it, a restore's answer included, which is how Undo
 * makes its Redo and Redo its Undo.
 */
interface Step {
  text: string;
  expect: string;
}
/** How many steps back the history keeps (each holds docs.json twice). */
const HISTORY_DEPTH = 30;

/** The divisions "Add new" offers, as docs.json names them. */
const DIVISION_KINDS = ['tab', 'dropdown', 'anchor', 'language', 'product', 'version'] as const;
type DivisionKind = (typeof DIVISION_KINDS)[number];
/** The division the entries already listed go into when a level is divided for the first time. */
const FIRST_NAME: Record<DivisionKind, string> = { tab: 'Documentation', dropdown: 'Documentation', anchor: 'Documentation', language: 'en', product: 'Documentation', version: 'Latest' };

/** Icons per entry kind (16 px, drawn with the text colour). */
const ICON_PATHS: Record<string, string> = {
  page: '<path d="M4 1.5h5.5L12.5 4.5v10h-8.5z"/><path d="M9.5 1.5v3h3M6 8h4.5M6 10.5h4.5"/>',
  group: '<path d="M1.5 3.5h4.5l1.5 1.5h7v8.5h-13z"/>',
  tab: '<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><path d="M1.5 6h13M6 2.5V6"/>',
  dropdown: '<rect x="1.5" y="2.5" width="13" height="4.5" rx="1"/><path d="M10.5 4.2l1 1 1-1M3 10h10M3 13h7"/>',
  anchor: '<circle cx="4" cy="4" r="1.8"/><circle cx="4" cy="12" r="1.8"/><path d="M8 4h6.5M8 12h6.5"/>',
  language: '<path d="M1.5 3.5h7M5 2v1.5M3 3.5c.5 2.5 2.5 4.5 4.5 5M7 3.5C6.5 6 4.5 8 2 9"/><path d="M8.5 14.5l2.75-7 2.75 7M9.5 12h3.5"/>',
  product: '<rect x="1.5" y="2" width="13" height="5" rx="1"/><path d="M1.5 10h13M1.5 13h13"/>',
  version: '<rect x="1.5" y="4" width="13" height="8" rx="2"/><path d="M4.5 7l1.5 2 1.5-2M10 8h2"/>',
  item: '<path d="M2.5 4h11M2.5 8h11M2.5 12h11"/>',
  other: '<circle cx="8" cy="8" r="5.5"/><path d="M8 5v3.5M8 10.5v.5"/>',
};
function icon(kind: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'ed-kind-icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '1.3');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.innerHTML = ICON_PATHS[kind] ?? ICON_PATHS.other!;
  return svg;
}
const kindOf = (n: OutlineNode) => (n.type === 'division' ? n.kind : n.type);

type Control = HTMLInputElement | HTMLSelectElement;
/** A select starts on its first option unless one is marked selected. */
const changed = (c: Control) => (c instanceof HTMLSelectElement ? c.selectedIndex !== Math.max(0, Array.from(c.options).findIndex((o) => o.defaultSelected)) : c.value !== c.defaultValue);

/**
 * What the writer typed or picked into the controls marked `data-draft` (a key that names the same
 * control in the next drawing), less what was just sent: the outline is drawn again whenever the
 * state refreshes (an edit of the writer's, then the open page again), and that must not wipe a name
 * being typed.
 */
function readDrafts(root: HTMLElement): Map<string, string> {
  const drafts = new Map<string, string>();
  for (const c of root.querySelectorAll<Control>('[data-draft]')) {
    const key = c.dataset.draft!;
    if (!keep.sent.has(key) && changed(c)) drafts.set(key, c.value);
  }
  keep.sent.clear();
  return drafts;
}

function restoreDrafts(root: HTMLElement, drafts: Map<string, string>, focused: { key: string; start: number | null; end: number | null } | null): void {
  for (const c of root.querySelectorAll<Control>('[data-draft]')) {
    const value = drafts.get(c.dataset.draft!);
    if (value === undefined) continue;
    if (c instanceof HTMLSelectElement) {
      if (!Array.from(c.options).some((o) => o.value === value)) continue;
      c.value = value;
      c.dispatchEvent(new Event('change'));
    } else c.value = value;
  }
  if (!focused) return;
  const target = Array.from(root.querySelectorAll<Control>('[data-draft]')).find((c) => c.dataset.draft === focused.key && !c.closest('[hidden]'));
  if (!target) return;
  target.focus();
  if (target instanceof HTMLInputElement && focused.start !== null) target.setSelectionRange(focused.start, focused.end);
}

type Attrs = Record<string, string | boolean | undefined>;
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'text') node.textContent = String(v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null) node.append(c);
  return node;
}

const KIND_LABEL: Record<string, string> = { tab: 'Tab', anchor: 'Anchor', dropdown: 'Dropdown', version: 'Version', language: 'Language', product: 'Product', item: 'Menu item' };
const labelOf = (n: OutlineNode) => (n.type === 'page' ? (n.title ?? n.entry) : n.type === 'group' ? n.name : n.label);
const expectOf = (n: OutlineNode) => (n.type === 'page' ? n.entry : n.type === 'group' ? n.name : n.label);
/** The id of a node moved by one place in its list. */
const shifted = (id: string, by: number) => id.replace(/\d+$/, (i) => String(Number(i) + by));
const domId = (id: string) => `ed-nav-${id.replace(/[^a-z0-9]+/gi, '-')}`;

/** Every group of the outline (nested ones too), with the trail of divisions and groups above it. */
function groupsOf(nodes: OutlineNode[], trail: string[] = []): { id: string; name: string; where: string }[] {
  return nodes.flatMap((n) => {
    if (n.type === 'group') return [{ id: n.id, name: n.name, where: [...trail, n.name].join(' › ') }, ...groupsOf(n.children, [...trail, n.name])];
    if (n.type === 'division') return groupsOf(n.children, [...trail, n.label]);
    return [];
  });
}

/** Levels a tab may be added to: the top level, or divisions holding tabs or only groups and pages. */
function tabHosts(outline: NavOutline): { id: string; label: string; wraps: boolean }[] {
  const divided = (nodes: OutlineNode[]) => nodes.some((n) => n.type === 'division');
  const hasTabs = (nodes: OutlineNode[]) => nodes.some((n) => n.type === 'division' && n.kind === 'tab');
  if (outline.tabs || !divided(outline.items)) return [{ id: 'navigation', label: 'Top level', wraps: !outline.tabs && outline.items.length > 0 }];
  const out: { id: string; label: string; wraps: boolean }[] = [];
  const walk = (nodes: OutlineNode[], trail: string[]) => {
    for (const n of nodes) {
      if (n.type !== 'division' || n.kind === 'tab' || n.kind === 'item') continue;
      const label = [...trail, n.label].join(' › ');
      if (hasTabs(n.children)) out.push({ id: n.id, label, wraps: false });
      else if (!divided(n.children)) out.push({ id: n.id, label, wraps: n.children.length > 0 });
      else walk(n.children, [...trail, n.label]);
    }
  };
  walk(outline.items, []);
  return out;
}

/** Places a group may be added: at the end of a level listing groups, or after a group. */
function groupPlaces(outline: NavOutline): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const divided = (nodes: OutlineNode[]) => nodes.some((n) => n.type === 'division');
  if (!divided(outline.items)) out.push({ value: 'into:navigation', label: 'At the end' });
  const walk = (nodes: OutlineNode[], trail: string[]) => {
    for (const n of nodes) {
      if (n.type === 'division') {
        if (!divided(n.children)) out.push({ value: `into:${n.id}`, label: `At the end of ${[...trail, n.label].join(' › ')}` });
        walk(n.children, [...trail, n.label]);
      } else if (n.type === 'group') {
        out.push({ value: `after:${n.id}`, label: `After ${[...trail, n.name].join(' › ')}` });
        walk(n.children, [...trail, n.name]);
      }
    }
  };
  walk(outline.items, []);
  return out;
}

/** Draw the outline with its menus and the add forms into `root`. */
export function renderArrange(root: HTMLElement, outline: NavOutline | null, ctx: ArrangeContext): void {
  // Drawn again (after an edit, or a page opened): the focused control keeps the focus.
  const active = document.activeElement as HTMLElement | null;
  const activeRow = active && root.contains(active) ? active.closest<HTMLElement>('[data-nav-id]') : null;
  if (!keep.focus && activeRow && active?.dataset.action) keep.focus = { id: activeRow.dataset.navId!, action: active.dataset.action };
  const activeForm = active && root.contains(active) && !activeRow ? active.id : '';
  const drafts = readDrafts(root);
  const focusedDraft =
    active && root.contains(active) && active.dataset.draft
      ? { key: active.dataset.draft, start: active instanceof HTMLInputElement ? active.selectionStart : null, end: active instanceof HTMLInputElement ? active.selectionEnd : null }
      : null;
  root.replaceChildren();
  if (!outline) {
    root.append(el('p', { class: 'ed-arrange-note', text: 'docs.json does not parse; fix it as text before arranging the navigation.' }));
    return;
  }
  const groups = groupsOf(outline.items);
  const run: Run = async (fields, focus, open, form, history) => {
    const sent = form ? Array.from(form.querySelectorAll<Control>('[data-draft]'), (c) => c.dataset.draft!) : [];
    try {
      keep.open = open;
      keep.focus = focus;
      // A form that did its work closes and starts afresh; one refused stays open with what was typed.
      if (form?.id) keep.forms.delete(form.id);
      for (const key of sent) keep.sent.add(key);
      // Both spent while the edit runs: an Undo clicked now would name the text before the previous edit.
      keep.busy = true;
      showHistory();
      const answer = (await ctx.edit(fields)) as { undo?: Step } | undefined;
      const back = answer?.undo ?? null;
      if (history === 'undo') {
        keep.undos.pop();
        if (back) keep.redos.push(back);
      } else if (history === 'redo') {
        keep.redos.pop();
        if (back) keep.undos.push(back);
      } else {
        if (back) keep.undos.push(back);
        keep.redos = [];
      }
      if (keep.undos.length > HISTORY_DEPTH) keep.undos.splice(0, keep.undos.length - HISTORY_DEPTH);
      keep.busy = false;
      showHistory();
    } catch (err) {
      if (form?.id) keep.forms.add(form.id);
      for (const key of sent) keep.sent.delete(key);
      // A refused step (docs.json changed under it) cannot be taken again, nor can the ones beyond it.
      if (history) {
        keep.undos = [];
        keep.redos = [];
      }
      keep.busy = false;
      showHistory();
      ctx.report(err);
    }
  };

  const moveButtons = (n: OutlineNode, index: number, count: number) => [
    el('button', { type: 'button', class: 'btn small secondary', 'data-action': 'up', disabled: index === 0, text: 'Move up' }),
    el('button', { type: 'button', class: 'btn small secondary', 'data-action': 'down', disabled: index === count - 1, text: 'Move down' }),
  ].map((b) => {
    const by = b.dataset.action === 'up' ? -1 : 1;
    // The menu closes after a move; the focus stays with the moved row (its menu button).
    b.addEventListener('click', () => void run({ op: 'move', id: n.id, expect: expectOf(n), by }, { id: shifted(n.id, by), action: 'menu' }, null));
    return b;
  });

  const renameForm = (n: OutlineNode, op: 'rename-group' | 'rename-division') => {
    const input = el('input', { type: 'text', value: expectOf(n), required: true, 'aria-label': `New name for ${labelOf(n)}`, 'data-draft': `${n.id}|name` });
    const form = el('form', { class: 'ed-row' }, input, el('button', { type: 'submit', class: 'btn small', 'data-action': 'rename', text: 'Rename' }));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void run({ op, id: n.id, expect: expectOf(n), name: input.value }, { id: n.id, action: 'rename' }, n.id, form);
    });
    return form;
  };

  const row = (n: OutlineNode, index: number, count: number, parentId: string): HTMLLIElement => {
    const li = el('li', { 'data-nav-id': n.id, 'data-expect': expectOf(n), class: `ed-arrange-${n.type}` });
    const panelId = domId(n.id);
    const toggle = el('button', { type: 'button', class: 'ed-row-menu', 'aria-expanded': String(keep.open === n.id), 'aria-controls': panelId, 'aria-label': `Arrange ${n.type === 'division' ? `${KIND_LABEL[n.kind] ?? n.kind} ` : n.type === 'group' ? 'group ' : ''}${labelOf(n)}`, 'data-action': 'menu', text: '⋯' });
    let label: HTMLElement;
    if (n.type === 'page' && n.file) {
      const file = n.file;
      label = el('a', { href: `?branch=${encodeURIComponent(ctx.branch)}&file=${encodeURIComponent(file)}`, title: file, draggable: 'false', 'aria-current': file === ctx.currentFile ? 'page' : undefined, text: labelOf(n) });
      label.addEventListener('click', (e) => {
        e.preventDefault();
        ctx.openFile(file);
      });
    } else if (n.type === 'division') label = el('span', { class: 'ed-arrange-label division' }, el('span', { class: 'kind', text: `${KIND_LABEL[n.kind] ?? n.kind} ` }), labelOf(n));
    else label = el('span', { class: `ed-arrange-label ${n.type}`, text: labelOf(n) });
    li.append(el('div', { class: 'ed-arrange-row', draggable: 'true', title: n.type === 'page' && n.file ? n.file : undefined }, icon(kindOf(n)), label, n.type === 'other' ? null : toggle));
    if (n.type === 'other') return li;

    const panel = el('div', { id: panelId, class: 'ed-row-panel', hidden: keep.open !== n.id, role: 'group', 'aria-label': `Arrange ${labelOf(n)}` });
    // The menu's controls are made when it first opens: a large site has thousands of rows, each with a list of every group.
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      if (n.type === 'page') {
        const targets = groups.filter((g) => g.id !== parentId);
        const select = el('select', { 'aria-label': `Group to move ${labelOf(n)} to`, 'data-draft': `${n.id}|group` }, ...targets.map((g) => new Option(g.where, g.id)));
        const move = el('button', { type: 'button', class: 'btn small', 'data-action': 'move-to', text: 'Move' });
        move.addEventListener('click', () => void run({ op: 'move-to-group', id: n.id, expect: n.entry, group: select.value }, null, null));
        panel.append(el('div', { class: 'ed-row' }, ...moveButtons(n, index, count)));
        if (targets.length) panel.append(el('label', { class: 'ed-field' }, el('span', { text: 'Move to group' }), select), el('div', { class: 'ed-row' }, move));
      } else if (n.type === 'group') {
        const add = el('button', { type: 'button', class: 'btn small secondary', 'data-action': 'add-page', text: 'Add page' });
        add.addEventListener('click', () => ctx.addPageIn({ id: n.id, name: n.name }));
        const buttons = [add, ...moveButtons(n, index, count)];
        if (n.children.length === 0) {
          const remove = el('button', { type: 'button', class: 'btn small danger', 'data-action': 'delete', text: 'Delete group' });
          remove.addEventListener('click', () => void run({ op: 'remove-group', id: n.id, expect: n.name }, null, null));
          buttons.push(remove);
        }
        panel.append(renameForm(n, 'rename-group'), el('div', { class: 'ed-row' }, ...buttons));
        if (n.children.length) panel.append(el('p', { class: 'ed-arrange-note', text: 'A group is deleted once it is empty.' }));
      } else {
        panel.append(renameForm(n, 'rename-division'), el('div', { class: 'ed-row' }, ...moveButtons(n, index, count)));
      }
    };
    if (!panel.hidden) fill();
    toggle.addEventListener('click', () => {
      fill();
      panel.hidden = !panel.hidden;
      toggle.setAttribute('aria-expanded', String(!panel.hidden));
      keep.open = panel.hidden ? null : n.id;
    });
    li.append(panel);
    if (n.type !== 'page') {
      const children = list(n.children, n.id);
      if (children) li.append(children);
      else if (n.type === 'group') li.append(el('p', { class: 'ed-arrange-note', text: 'No pages yet' }));
    }
    return li;
  };

  const list = (nodes: OutlineNode[], parentId: string): HTMLUListElement | null => {
    if (nodes.length === 0) return null;
    return el('ul', {}, ...nodes.map((n, i) => row(n, i, nodes.length, parentId)));
  };

  const step = (history: 'undo' | 'redo', fromKeys = false) => {
    const next = (history === 'undo' ? keep.undos : keep.redos).at(-1);
    if (!next || keep.busy) return;
    void run({ op: 'restore', ...next }, null, null, undefined, history).then(() => {
      // The outline was drawn again: a keyboard user stays in it (on the same button while it has steps left), to press the keys again.
      if (!fromKeys || root.contains(document.activeElement)) return;
      const same = document.getElementById(history === 'undo' ? 'ed-nav-undo' : 'ed-nav-redo') as HTMLButtonElement | null;
      (same && !same.disabled ? same : root.querySelector<HTMLElement>('[data-action="menu"]'))?.focus();
    });
  };
  const undo = el('button', { type: 'button', id: 'ed-nav-undo', class: 'btn small secondary', disabled: keep.busy || keep.undos.length === 0, title: 'Put back the navigation as it was before the last change (Ctrl+Z)', 'aria-keyshortcuts': 'Control+Z Meta+Z', text: 'Undo' });
  undo.addEventListener('click', () => step('undo'));
  const redo = el('button', { type: 'button', id: 'ed-nav-redo', class: 'btn small secondary', disabled: keep.busy || keep.redos.length === 0, title: 'Make again the change last undone (Ctrl+Shift+Z)', 'aria-keyshortcuts': 'Control+Shift+Z Meta+Shift+Z Control+Y', text: 'Redo' });
  redo.addEventListener('click', () => step('redo'));
  // The keys, while the focus is in the outline (not in a text field, which has its own undo): one listener per outline element.
  root.onkeydown = (e) => {
    const target = e.target as HTMLElement;
    if (!(e.ctrlKey || e.metaKey) || e.altKey || target.matches('input[type=text], input:not([type]), textarea')) return;
    const key = e.key.toLowerCase();
    const history = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && !e.shiftKey ? 'redo' : null;
    if (!history) return;
    e.preventDefault();
    step(history, true);
  };
  root.append(el('div', { class: 'ed-arrange-head' }, el('p', { class: 'ed-arrange-note', text: 'Drag a row to move it; drop it on a group to put it inside. The ⋯ menu moves it from the keyboard.' }), el('div', { class: 'ed-nav-history' }, undo, redo)));
  const tree = list(outline.items, 'navigation');
  if (tree) {
    root.append(tree);
    dragAndDrop(tree, run);
  }
  const forms = [addGroupForm(outline, run), addDivisionForm(outline, run)];
  root.append(addNewMenu(forms, outline, run), ...forms);
  for (const form of forms) form.hidden = !keep.forms.has(form.id);
  if (activeForm) document.getElementById(activeForm)?.focus();
  restoreDrafts(root, drafts, focusedDraft);

  if (keep.focus) {
    const target = root.querySelector<HTMLElement>(`[data-nav-id="${CSS.escape(keep.focus.id)}"] > .ed-row-panel [data-action="${keep.focus.action}"], [data-nav-id="${CSS.escape(keep.focus.id)}"] > .ed-arrange-row [data-action="menu"]`);
    // A button disabled at the end of its list cannot hold focus: its row's menu button does.
    (target && !(target as HTMLButtonElement).disabled ? target : root.querySelector<HTMLElement>(`[data-nav-id="${CSS.escape(keep.focus.id)}"] [data-action="menu"]`))?.focus();
    keep.focus = null;
  }
}

type Run = (fields: Record<string, unknown>, focus: { id: string; action: string } | null, open: string | null, form?: HTMLFormElement, history?: 'undo' | 'redo') => Promise<void>;

/** Undo and Redo enabled when there is a step to take and no edit is running. */
function showHistory(): void {
  const undo = document.getElementById('ed-nav-undo') as HTMLButtonElement | null;
  const redo = document.getElementById('ed-nav-redo') as HTMLButtonElement | null;
  if (undo) undo.disabled = keep.busy || keep.undos.length === 0;
  if (redo) redo.disabled = keep.busy || keep.redos.length === 0;
}

function addGroupForm(outline: NavOutline, run: Run): HTMLFormElement {
  const places = groupPlaces(outline);
  const name = el('input', { type: 'text', id: 'ed-group-name', required: true, 'data-draft': 'ed-group-name' });
  const where = el('select', { id: 'ed-group-where', 'data-draft': 'ed-group-where' }, ...places.map((p) => new Option(p.label, p.value)));
  const form = el(
    'form',
    { class: 'ed-add-form ed-arrange-form', id: 'ed-add-group', 'aria-labelledby': 'ed-add-group-title', 'data-title': 'Add group' },
    el('h2', { id: 'ed-add-group-title', class: 'ed-arrange-title', text: 'Add group' }),
    el('label', { class: 'ed-field', for: 'ed-group-name' }, el('span', { text: 'Name' }), name),
    el('label', { class: 'ed-field', for: 'ed-group-where' }, el('span', { text: 'Place' }), where),
    el('div', { class: 'ed-row' }, el('button', { type: 'submit', class: 'btn small', text: 'Add group' })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const [kind, id] = [where.value.slice(0, where.value.indexOf(':')), where.value.slice(where.value.indexOf(':') + 1)];
    void run({ op: 'add-group', name: name.value, ...(kind === 'after' ? { after: id } : { into: id }) }, null, null, form);
  });
  return form;
}

/** Levels a division of `kind` may be added to: the top level and every division of another kind. */
function divisionHosts(outline: NavOutline, kind: DivisionKind): { id: string; label: string; wraps: boolean }[] {
  if (kind === 'tab') return tabHosts(outline);
  const has = (nodes: OutlineNode[]) => nodes.some((n) => n.type === 'division' && n.kind === kind);
  const out = [{ id: 'navigation', label: 'Top level', wraps: !has(outline.items) && outline.items.length > 0 }];
  const walk = (nodes: OutlineNode[], trail: string[]) => {
    for (const n of nodes) {
      if (n.type !== 'division' || n.kind === 'item') continue;
      const label = [...trail, n.label].join(' › ');
      if (n.kind !== kind) out.push({ id: n.id, label, wraps: !has(n.children) && n.children.length > 0 });
      walk(n.children, [...trail, n.label]);
    }
  };
  walk(outline.items, []);
  return out;
}

const KIND_NAME: Record<DivisionKind, string> = { tab: 'tab', dropdown: 'dropdown', anchor: 'anchor', language: 'language', product: 'product', version: 'version' };

/** The form adding a tab, dropdown, anchor, language, product or version (the kind picked in "Add new"). */
function addDivisionForm(outline: NavOutline, run: Run): HTMLFormElement {
  const kind = keep.kind;
  const hosts = divisionHosts(outline, kind);
  const name = el('input', { type: 'text', id: 'ed-division-name', required: true, placeholder: kind === 'language' ? 'fr' : '', 'data-draft': `ed-division-name-${kind}` });
  const where = el('select', { id: 'ed-division-where', 'data-draft': `ed-division-where-${kind}` }, ...hosts.map((h) => new Option(h.label, h.id)));
  const first = el('input', { type: 'text', id: 'ed-division-first', value: FIRST_NAME[kind], 'data-draft': `ed-division-first-${kind}` });
  const firstField = el('label', { class: 'ed-field', for: 'ed-division-first' }, el('span', { text: `${KIND_LABEL[kind]} for the entries already listed` }), first);
  const sync = () => (firstField.hidden = !hosts.find((h) => h.id === where.value)?.wraps);
  where.addEventListener('change', sync);
  sync();
  const title = `Add ${KIND_NAME[kind]}`;
  const form = el(
    'form',
    { class: 'ed-add-form ed-arrange-form', id: 'ed-add-division', 'data-kind': kind, 'aria-labelledby': 'ed-add-division-title', 'data-title': title },
    el('h2', { id: 'ed-add-division-title', class: 'ed-arrange-title' }, icon(kind), ` ${title}`),
    el('label', { class: 'ed-field', for: 'ed-division-name' }, el('span', { text: kind === 'language' ? 'Language code' : 'Name' }), name),
    hosts.length > 1 ? el('label', { class: 'ed-field', for: 'ed-division-where' }, el('span', { text: 'In' }), where) : null,
    firstField,
    el('div', { class: 'ed-row' }, el('button', { type: 'submit', class: 'btn small', disabled: hosts.length === 0, text: title })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const into = where.value || 'navigation';
    const wraps = firstField.hidden ? {} : kind === 'tab' ? { firstTab: first.value } : { first: first.value };
    void run(kind === 'tab' ? { op: 'add-tab', name: name.value, into, ...wraps } : { op: 'add-division', kind, name: name.value, into, ...wraps }, null, null, form);
  });
  return form;
}

/** A press outside "Add new" closes its menu (one listener for every drawing of the outline). */
let outsideListener = false;
function closeOnOutsidePress(): void {
  if (outsideListener) return;
  outsideListener = true;
  document.addEventListener('pointerdown', (e) => {
    const menu = document.getElementById('ed-add-new-menu');
    if (!menu || menu.hidden || (e.target as Element).closest?.('#ed-add-new-menu, #ed-add-new')) return;
    keep.menu = null;
    menu.hidden = true;
    document.getElementById('ed-add-new')?.setAttribute('aria-expanded', 'false');
  });
}

/** "Add new": a menu of what may be added (a page, a group, every division), each opening its form. */
function addNewMenu(forms: HTMLFormElement[], outline: NavOutline, run: Run): HTMLElement {
  const [groupForm, divisionForm] = forms as [HTMLFormElement, HTMLFormElement];
  // The outline is drawn again whenever the state refreshes: an open menu stays open, its item focused.
  const button = el('button', { type: 'button', id: 'ed-add-new', class: 'btn small secondary ed-add-new', 'aria-haspopup': 'menu', 'aria-expanded': String(keep.menu !== null), 'aria-controls': 'ed-add-new-menu' }, el('span', { class: 'ed-plus', 'aria-hidden': 'true', text: '+' }), ' Add new');
  const menu = el('div', { id: 'ed-add-new-menu', class: 'ed-add-new-menu', role: 'menu', 'aria-label': 'Add new', hidden: keep.menu === null });
  const close = (focus = false) => {
    keep.menu = null;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focus) button.focus();
  };
  const openForm = (form: HTMLFormElement) => {
    for (const f of forms) {
      f.hidden = f !== form;
      keep.forms.delete(f.id);
    }
    keep.forms.add(form.id);
    form.querySelector<HTMLInputElement>('input')?.focus();
  };
  const items: [kind: string, label: string, act: () => void][] = [
    // The sidebar's own add-page form (its + button), beside the open page.
    ['page', 'Page', () => document.getElementById('ed-add')?.click()],
    ['group', 'Group', () => openForm(groupForm)],
    ...DIVISION_KINDS.map((kind): [string, string, () => void] => [
      kind,
      KIND_LABEL[kind]!,
      () => {
        // The division form is drawn for one kind: draw it again for the one picked.
        keep.kind = kind;
        const fresh = addDivisionForm(outline, run);
        divisionForm.replaceWith(fresh);
        forms[1] = fresh;
        openForm(fresh);
      },
    ]),
  ];
  for (const [kind, label, act] of items) {
    const item = el('button', { type: 'button', role: 'menuitem', tabindex: '-1', 'data-kind': kind }, icon(kind), label);
    item.addEventListener('focus', () => (keep.menu = kind));
    item.addEventListener('click', () => {
      close();
      act();
    });
    menu.append(item);
  }
  closeOnOutsidePress();
  const entries = () => Array.from(menu.querySelectorAll<HTMLButtonElement>('[role=menuitem]'));
  button.addEventListener('click', () => {
    menu.hidden = !menu.hidden;
    button.setAttribute('aria-expanded', String(!menu.hidden));
    keep.menu = menu.hidden ? null : 'page';
    if (menu.hidden) return;
    menu.scrollIntoView({ block: 'nearest' });
    entries()[0]?.focus();
  });
  menu.addEventListener('keydown', (e) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') close(true);
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') all[(at + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
    else if (e.key === 'Home' || e.key === 'End') all[e.key === 'Home' ? 0 : all.length - 1]?.focus();
    else return;
    e.preventDefault();
  });
  menu.addEventListener('focusout', (e) => {
    // Focus leaving for another control closes the menu; the menu taken out of the page (drawn again) does not.
    if (e.relatedTarget && !menu.contains(e.relatedTarget as Node) && e.relatedTarget !== button) close();
  });
  if (keep.menu !== null) queueMicrotask(() => menu.querySelector<HTMLElement>(`[data-kind="${keep.menu}"]`)?.focus());
  return el('div', { class: 'ed-add-new-wrap' }, menu, button);
}

/**
 * Drag and drop in the outline: a row dragged over another shows where it would go (a line above or
 * below it, or the group or division outlined when it would go inside) and is placed there on drop
 * (one `place` edit). Keyboard moves stay in each row's menu.
 */
function dragAndDrop(tree: HTMLElement, run: Run): void {
  let dragged: HTMLElement | null = null;
  let mark: { li: HTMLElement; position: 'before' | 'after' | 'inside' } | null = null;
  const clear = () => {
    mark?.li.classList.remove('drop-before', 'drop-after', 'drop-inside');
    mark = null;
  };
  tree.addEventListener('dragstart', (e) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('.ed-arrange-row');
    const li = row?.parentElement;
    if (!row || !li?.dataset.navId || !e.dataTransfer) return;
    dragged = li;
    li.classList.add('dragging');
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', li.dataset.expect ?? '');
  });
  tree.addEventListener('dragend', () => {
    dragged?.classList.remove('dragging');
    dragged = null;
    clear();
  });
  tree.addEventListener('dragover', (e) => {
    if (!dragged) return;
    const row = (e.target as HTMLElement).closest<HTMLElement>('.ed-arrange-row');
    const li = row?.parentElement;
    clear();
    if (!row || !li?.dataset.navId || li === dragged || dragged.contains(li)) return;
    const box = row.getBoundingClientRect();
    const y = (e.clientY - box.top) / Math.max(1, box.height);
    const container = li.classList.contains('ed-arrange-group') || li.classList.contains('ed-arrange-division');
    const position = container ? (y < 0.3 ? 'before' : y > 0.8 && !li.querySelector(':scope > ul') ? 'after' : 'inside') : y < 0.5 ? 'before' : 'after';
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
    mark = { li, position };
    li.classList.add(`drop-${position}`);
  });
  tree.addEventListener('dragleave', (e) => {
    if (!tree.contains(e.relatedTarget as Node)) clear();
  });
  tree.addEventListener('drop', (e) => {
    if (!dragged || !mark) return;
    e.preventDefault();
    const { li, position } = mark;
    const source = dragged;
    clear();
    source.classList.remove('dragging');
    dragged = null;
    void run({ op: 'place', id: source.dataset.navId!, expect: source.dataset.expect!, target: li.dataset.navId!, position }, null, null);
  });
}
