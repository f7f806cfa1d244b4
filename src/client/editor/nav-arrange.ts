/**
 * The navigation sidebar's arrange mode: docs.json's navigation as an outline (tabs and other
 * divisions, groups, pages), each row with a menu of real buttons (move up/down, move to a group,
 * rename, add a page, delete an empty group) and two forms below it (add a group, add a tab). Each
 * action is one `navigation.json` request; the server writes docs.json and refuses what would not load.
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
  /** Send one navigation edit; resolves once the state is fresh again (rejects with the refusal). */
  edit(fields: Record<string, unknown>): Promise<void>;
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
const keep: { open: string | null; focus: { id: string; action: string } | null; forms: Set<string>; sent: Set<string> } = { open: null, focus: null, forms: new Set(), sent: new Set() };

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
  const run: Run = async (fields, focus, open, form) => {
    const sent = form ? Array.from(form.querySelectorAll<Control>('[data-draft]'), (c) => c.dataset.draft!) : [];
    try {
      keep.open = open;
      keep.focus = focus;
      // A form that did its work closes and starts afresh; one refused stays open with what was typed.
      if (form?.id) keep.forms.delete(form.id);
      for (const key of sent) keep.sent.add(key);
      await ctx.edit(fields);
    } catch (err) {
      if (form?.id) keep.forms.add(form.id);
      for (const key of sent) keep.sent.delete(key);
      ctx.report(err);
    }
  };

  const moveButtons = (n: OutlineNode, index: number, count: number) => [
    el('button', { type: 'button', class: 'btn small secondary', 'data-action': 'up', disabled: index === 0, text: 'Move up' }),
    el('button', { type: 'button', class: 'btn small secondary', 'data-action': 'down', disabled: index === count - 1, text: 'Move down' }),
  ].map((b) => {
    const by = b.dataset.action === 'up' ? -1 : 1;
    b.addEventListener('click', () => void run({ op: 'move', id: n.id, expect: expectOf(n), by }, { id: shifted(n.id, by), action: b.dataset.action! }, shifted(n.id, by)));
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
    const li = el('li', { 'data-nav-id': n.id, class: `ed-arrange-${n.type}` });
    const panelId = domId(n.id);
    const toggle = el('button', { type: 'button', class: 'ed-row-menu', 'aria-expanded': String(keep.open === n.id), 'aria-controls': panelId, 'aria-label': `Arrange ${n.type === 'division' ? `${KIND_LABEL[n.kind] ?? n.kind} ` : n.type === 'group' ? 'group ' : ''}${labelOf(n)}`, 'data-action': 'menu', text: '⋯' });
    let label: HTMLElement;
    if (n.type === 'page' && n.file) {
      const file = n.file;
      label = el('a', { href: `?branch=${encodeURIComponent(ctx.branch)}&file=${encodeURIComponent(file)}`, title: file, 'aria-current': file === ctx.currentFile ? 'page' : undefined, text: labelOf(n) });
      label.addEventListener('click', (e) => {
        e.preventDefault();
        ctx.openFile(file);
      });
    } else if (n.type === 'division') label = el('span', { class: 'ed-arrange-label division' }, el('span', { class: 'kind', text: `${KIND_LABEL[n.kind] ?? n.kind} ` }), labelOf(n));
    else label = el('span', { class: `ed-arrange-label ${n.type}`, text: labelOf(n) });
    li.append(el('div', { class: 'ed-arrange-row' }, label, n.type === 'other' ? null : toggle));
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

  const tree = list(outline.items, 'navigation');
  if (tree) root.append(tree);
  const adders = el('div', { class: 'ed-row ed-arrange-adders' });
  const forms = [addGroupForm(outline, run), addTabForm(outline, run)];
  root.append(adders, ...forms);
  for (const form of forms) {
    const title = form.dataset.title!;
    const open = el('button', { type: 'button', id: `${form.id}-toggle`, class: 'btn small secondary', 'aria-expanded': String(keep.forms.has(form.id)), 'aria-controls': form.id, text: `+ ${title}` });
    form.hidden = !keep.forms.has(form.id);
    open.addEventListener('click', () => {
      form.hidden = !form.hidden;
      open.setAttribute('aria-expanded', String(!form.hidden));
      if (form.hidden) keep.forms.delete(form.id);
      else {
        keep.forms.add(form.id);
        form.querySelector<HTMLInputElement>('input')?.focus();
      }
    });
    adders.append(open);
  }
  if (activeForm) document.getElementById(activeForm)?.focus();
  restoreDrafts(root, drafts, focusedDraft);

  if (keep.focus) {
    const target = root.querySelector<HTMLElement>(`[data-nav-id="${CSS.escape(keep.focus.id)}"] > .ed-row-panel [data-action="${keep.focus.action}"], [data-nav-id="${CSS.escape(keep.focus.id)}"] > .ed-arrange-row [data-action="menu"]`);
    // A button disabled at the end of its list cannot hold focus: its row's menu button does.
    (target && !(target as HTMLButtonElement).disabled ? target : root.querySelector<HTMLElement>(`[data-nav-id="${CSS.escape(keep.focus.id)}"] [data-action="menu"]`))?.focus();
    keep.focus = null;
  }
}

type Run = (fields: Record<string, unknown>, focus: { id: string; action: string } | null, open: string | null, form?: HTMLFormElement) => Promise<void>;

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

function addTabForm(outline: NavOutline, run: Run): HTMLFormElement {
  const hosts = tabHosts(outline);
  const name = el('input', { type: 'text', id: 'ed-tab-name', required: true, 'data-draft': 'ed-tab-name' });
  const where = el('select', { id: 'ed-tab-where', 'data-draft': 'ed-tab-where' }, ...hosts.map((h) => new Option(h.label, h.id)));
  const first = el('input', { type: 'text', id: 'ed-tab-first', value: 'Documentation', 'data-draft': 'ed-tab-first' });
  const firstField = el('label', { class: 'ed-field', for: 'ed-tab-first' }, el('span', { text: 'Tab for the pages already listed' }), first);
  const sync = () => (firstField.hidden = !hosts.find((h) => h.id === where.value)?.wraps);
  where.addEventListener('change', sync);
  sync();
  const form = el(
    'form',
    { class: 'ed-add-form ed-arrange-form', id: 'ed-add-tab', 'aria-labelledby': 'ed-add-tab-title', 'data-title': 'Add tab' },
    el('h2', { id: 'ed-add-tab-title', class: 'ed-arrange-title', text: 'Add tab' }),
    el('label', { class: 'ed-field', for: 'ed-tab-name' }, el('span', { text: 'Name' }), name),
    hosts.length > 1 ? el('label', { class: 'ed-field', for: 'ed-tab-where' }, el('span', { text: 'In' }), where) : null,
    firstField,
    el('div', { class: 'ed-row' }, el('button', { type: 'submit', class: 'btn small', disabled: hosts.length === 0, text: 'Add tab' })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run({ op: 'add-tab', name: name.value, into: where.value || 'navigation', ...(firstField.hidden ? {} : { firstTab: first.value }) }, null, null, form);
  });
  return form;
}
