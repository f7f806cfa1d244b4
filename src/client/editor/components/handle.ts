/**
 * The visual mode's block handle and `/` menu. Hovering a block shows a handle at its left: `+`
 * inserts a component below it, the grip drags it elsewhere (or, clicked, opens its menu: Turn into,
 * Move up/down, Duplicate, Delete). Typing `/` as the last paragraph of a prose block opens the menu of
 * components, filtered as the writer types, inserted with defaults. Each action is a text edit of the
 * page's Markdown (`block-ops.ts`) handed to the host, which redraws the blocks it changed.
 */
import type { Block } from '../blocks.js';
import { deleteBlock, duplicateBlock, insertAfter, matchInserts, moveBlock, slashCommand, TURN_INTO, turnInto, type TextEdit } from './block-ops.js';

export interface DrawnBlock {
  el: HTMLElement;
  block: Block;
}

export interface BlockToolsHost {
  pane: HTMLElement;
  /** The drawn top-level blocks, in order, with their place in the source now. */
  blocks(): DrawnBlock[];
  source(): string;
  apply(edits: TextEdit[]): void;
  editable(): boolean;
}

export interface BlockTools {
  /** After a prose block's body changed: open, filter or close the `/` menu. */
  typed(el: HTMLElement, body: string): void;
  close(): void;
}

const button = (text: string, className: string, label?: string): HTMLButtonElement => {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  if (label) {
    b.setAttribute('aria-label', label);
    b.title = label;
  }
  return b;
};

export function blockTools(host: BlockToolsHost): BlockTools {
  const { pane } = host;
  const handle = document.createElement('div');
  handle.className = 'ed-handle not-prose';
  handle.hidden = true;
  const plus = button('+', 'ed-handle-btn ed-handle-add', 'Insert below');
  // A grip that drags (a <button> does not start a drag in every browser): a focusable element acting as a button.
  const grip = document.createElement('div');
  grip.className = 'ed-handle-btn ed-handle-grip';
  grip.textContent = '⋮⋮';
  grip.setAttribute('role', 'button');
  grip.tabIndex = 0;
  grip.setAttribute('aria-label', 'Block actions (drag to move)');
  grip.title = 'Drag to move, click for block actions';
  grip.draggable = true;
  grip.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      grip.click();
    }
  });
  handle.append(plus, grip);
  const menu = document.createElement('div');
  menu.className = 'ed-block-menu not-prose';
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  const dropLine = document.createElement('div');
  dropLine.className = 'ed-drop-line';
  dropLine.hidden = true;
  let current: HTMLElement | null = null;
  let slashFor: HTMLElement | null = null;
  let choices: HTMLButtonElement[] = [];
  let chosen = 0;

  const attach = () => {
    for (const el of [handle, menu, dropLine]) if (el.parentElement !== pane) pane.append(el);
  };
  const entryOf = (el: HTMLElement | null): DrawnBlock | undefined => (el ? host.blocks().find((d) => d.el === el) : undefined);
  const topOf = (el: HTMLElement) => el.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
  const leftOf = (el: HTMLElement) => el.getBoundingClientRect().left - pane.getBoundingClientRect().left + pane.scrollLeft;

  const showHandle = (el: HTMLElement) => {
    if (!host.editable()) return;
    attach();
    current = el;
    handle.hidden = false;
    handle.style.top = `${topOf(el)}px`;
    handle.style.left = `${Math.max(0, leftOf(el) - handle.offsetWidth - 6)}px`;
  };
  pane.addEventListener('mousemove', (e) => {
    const target = e.target as HTMLElement;
    // Not while a button is down: the grip being pressed (a drag starting) stays where it is.
    if (e.buttons !== 0 || handle.contains(target) || menu.contains(target)) return;
    const entry = host.blocks().find((d) => d.el.contains(target));
    if (entry && entry.el !== current) showHandle(entry.el);
  });
  pane.addEventListener('focusin', (e) => {
    const entry = host.blocks().find((d) => d.el.contains(e.target as Node));
    if (entry) showHandle(entry.el);
  });

  const close = () => {
    menu.hidden = true;
    menu.replaceChildren();
    slashFor = null;
    choices = [];
  };

  /** Open the menu below `anchor` with `items`. */
  const open = (anchor: HTMLElement, items: { label: string; run: () => void; className?: string }[], below = true) => {
    attach();
    menu.replaceChildren();
    choices = items.map((item) => {
      const b = button(item.label, `ed-block-menu-item ${item.className ?? ''}`);
      b.setAttribute('role', 'menuitem');
      b.addEventListener('mousedown', (e) => e.preventDefault());
      b.addEventListener('click', () => {
        close();
        item.run();
      });
      menu.append(b);
      return b;
    });
    chosen = 0;
    mark();
    menu.hidden = items.length === 0;
    menu.style.top = `${topOf(anchor) + (below ? anchor.offsetHeight + 4 : 0)}px`;
    menu.style.left = `${Math.max(0, leftOf(anchor))}px`;
  };
  const mark = () => choices.forEach((c, i) => c.classList.toggle('ed-block-menu-current', i === chosen));

  const edit = (make: (source: string, block: Block) => TextEdit[]) => {
    const entry = entryOf(current);
    if (!entry) return;
    host.apply(make(host.source(), entry.block));
    handle.hidden = true;
    current = null;
  };

  const inserts = (query: string, run: (text: string) => void) => matchInserts(query).map((i) => ({ label: i.label, run: () => run(i.text), className: `ed-insert-${i.name}` }));

  plus.addEventListener('click', () => {
    const anchor = current;
    if (!anchor) return;
    open(anchor, inserts('', (text) => edit((source, block) => [insertAfter(source, block, text)])));
  });

  const blockMenu = () => {
    const anchor = current;
    const entry = entryOf(anchor);
    if (!anchor || !entry) return;
    const blocks = host.blocks();
    const at = blocks.findIndex((d) => d.el === anchor);
    const prose = entry.block.kind === 'paragraph' || entry.block.kind === 'heading' || (entry.block.kind === 'component' && /^(Note|Warning|Tip|Info|Check|Danger)$/.test(entry.block.detail ?? '') && entry.block.prefix !== '');
    open(grip, [
      ...(prose ? [{ label: 'Turn into…', className: 'ed-block-menu-turn', run: () => turnMenu() }] : []),
      ...(at > 0 ? [{ label: 'Move up', run: () => edit((source, block) => moveBlock(source, block, blocks[at - 1]!.block, false)) }] : []),
      ...(at < blocks.length - 1 ? [{ label: 'Move down', run: () => edit((source, block) => moveBlock(source, block, blocks[at + 1]!.block, true)) }] : []),
      { label: 'Duplicate', run: () => edit((source, block) => duplicateBlock(source, block)) },
      { label: 'Delete', className: 'ed-block-menu-danger', run: () => edit((source, block) => deleteBlock(source, block)) },
    ]);
    choices[0]?.focus();
  };
  const turnMenu = () => {
    if (!current) return;
    open(grip, TURN_INTO.map((t) => ({ label: t.label, run: () => edit((source, block) => [{ from: block.from, to: block.to, insert: turnInto(source.slice(block.from, block.to), t.kind) }]) })));
    choices[0]?.focus();
  };
  grip.addEventListener('click', blockMenu);

  // Dragging a block by its grip: a line shows where it lands.
  let dragging: DrawnBlock | null = null;
  let drop: { target: DrawnBlock; after: boolean } | null = null;
  grip.addEventListener('dragstart', (e) => {
    dragging = entryOf(current) ?? null;
    if (!dragging || !e.dataTransfer) return;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', '');
    e.dataTransfer.setDragImage(dragging.el, 0, 0);
  });
  pane.addEventListener('dragover', (e) => {
    if (!dragging) return;
    e.preventDefault();
    const blocks = host.blocks();
    let best: { target: DrawnBlock; after: boolean } | null = null;
    for (const d of blocks) {
      const r = d.el.getBoundingClientRect();
      if (e.clientY < r.top + r.height / 2) {
        best = { target: d, after: false };
        break;
      }
      best = { target: d, after: true };
    }
    drop = best;
    if (!best) return;
    attach();
    const r = best.target.el.getBoundingClientRect();
    const box = pane.getBoundingClientRect();
    dropLine.hidden = false;
    dropLine.style.top = `${(best.after ? r.bottom : r.top) - box.top + pane.scrollTop - 2}px`;
    dropLine.style.left = `${r.left - box.left}px`;
    dropLine.style.width = `${r.width}px`;
  });
  pane.addEventListener('drop', (e) => {
    if (!dragging) return;
    e.preventDefault();
    const from = dragging;
    const to = drop;
    dragging = null;
    drop = null;
    dropLine.hidden = true;
    if (!to || to.target === from) return;
    host.apply(moveBlock(host.source(), from.block, to.target.block, to.after));
  });
  grip.addEventListener('dragend', () => {
    dragging = null;
    dropLine.hidden = true;
  });

  // The menu by keyboard (the `/` menu while the caret stays in the text).
  pane.addEventListener(
    'keydown',
    (e) => {
      if (menu.hidden || choices.length === 0) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        chosen = (chosen + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
        mark();
        if (!slashFor) choices[chosen]!.focus();
      } else if (e.key === 'Enter' && slashFor) choices[chosen]!.click();
      else if (e.key === 'Escape') close();
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  document.addEventListener('mousedown', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node) && !handle.contains(e.target as Node)) close();
  });

  return {
    typed(el, body) {
      const command = host.editable() ? slashCommand(body) : null;
      if (!command) {
        if (slashFor === el) close();
        return;
      }
      slashFor = el;
      const items = inserts(command.query, (text) => {
        const entry = entryOf(el);
        if (!entry) return;
        const { block } = entry;
        const source = host.source();
        if (command.rest.trim() === '') host.apply([{ from: block.from, to: block.to, insert: text }]);
        else {
          const start = block.from + block.prefix.length;
          host.apply([{ from: start, to: start + block.body.length, insert: command.rest }, insertAfter(source, block, text)]);
        }
      });
      open(el, items);
      slashFor = el;
    },
    close,
  };
}
