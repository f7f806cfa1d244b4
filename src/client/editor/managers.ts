/**
 * The editor's site managers (issue 44), over the main area while open: the repository's media files
 * (`assets.json`: thumbnails, sizes, where each is used; upload through `upload.json`, copy the
 * Markdown, move, delete), docs.json's redirects (`redirects.json`) and its common settings
 * (`settings.json`). Every change is a draft of the branch, listed in the publish menu and published
 * with the pages. Opened from the sidebar and from the top bar's Site button; editors only (main.ts
 * mounts it for members with edit rights, outside `folio dev`).
 */
import { installManagerStyles } from './managers-css.js';

type Call = <T>(path: string, init?: { json?: unknown; body?: BodyInit; query?: Record<string, string> }) => Promise<T>;

export interface ManagerDeps {
  call: Call;
  setStatus(text: string, error?: boolean): void;
  /** After a change: the branch's drafts (publish menu) and an open docs.json read again. */
  changed(): Promise<void>;
  /** Open docs.json in the source editor (the Configuration tab's way to every key the form has no field for). */
  openDocsJson(): void;
}

export type ManagerTab = 'assets' | 'redirects' | 'settings';

interface Use {
  file: string;
  line: number;
  text: string;
}
interface Asset {
  file: string;
  size: number;
  kind: 'image' | 'video' | 'document';
  drafted: boolean;
  uses: Use[];
}
interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}
interface Settings {
  [key: string]: string | boolean | { label: string; href: string }[] | { network: string; url: string }[];
  links: { label: string; href: string }[];
  socials: { network: string; url: string }[];
}
interface Choices {
  theme: string[];
  appearance: string[];
  indexing: string[];
  socials: string[];
}

/** An element with attributes (`on*` functions become listeners) and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, unknown> = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'className') el.className = String(v);
    else if (k === 'value') (el as HTMLInputElement).value = String(v);
    else if (k === 'checked') (el as HTMLInputElement).checked = Boolean(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const svg = (d: string, extra = '') => {
  const span = document.createElement('span');
  span.className = 'ed-mg-icon';
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = `<svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">${d}${extra}</svg>`;
  return span;
};
const ICONS = {
  gear: '<path d="M6.9 1.5h2.2l.4 1.8 1.3.6 1.6-1 1.5 1.5-1 1.6.6 1.3 1.8.4v2.2l-1.8.4-.6 1.3 1 1.6-1.5 1.5-1.6-1-1.3.6-.4 1.8H6.9l-.4-1.8-1.3-.6-1.6 1-1.5-1.5 1-1.6-.6-1.3-1.8-.4V6.9l1.8-.4.6-1.3-1-1.6 1.5-1.5 1.6 1 1.3-.6z"/><circle cx="8" cy="8" r="2"/>',
  files: '<path d="M5 2.5h5l3 3v8H5z"/><path d="M3 4.5v9.5h8"/>',
  redirect: '<path d="M6.5 9.5l3-3"/><path d="M7.5 4.5l1.3-1.3a2.6 2.6 0 013.7 3.7L11.2 8.2M8.5 11.5l-1.3 1.3a2.6 2.6 0 01-3.7-3.7l1.3-1.3"/>',
  folder: '<path d="M1.8 4.2h4.4l1.4 1.4h6.6v7.2H1.8z"/>',
  image: '<rect x="2" y="3" width="12" height="10" rx="1.5"/><circle cx="6" cy="6.5" r="1.2"/><path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3"/>',
  video: '<rect x="2" y="3.5" width="12" height="9" rx="1.5"/><path d="M7 6.2v3.6L10 8z"/>',
  doc: '<path d="M4 1.8h5.5l2.7 2.7v9.7H4z"/><path d="M6 8h4M6 10.5h4"/>',
  plus: '<path d="M8 3v10M3 8h10"/>',
  search: '<circle cx="7" cy="7" r="4.2"/><path d="M10.2 10.2l3.3 3.3"/>',
  arrow: '<path d="M3 8h10M9.5 4.5L13 8l-3.5 3.5"/>',
};

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** What a writer pastes into a page to use the file. */
export function markdownOf(asset: Pick<Asset, 'file' | 'kind'>): string {
  const name = asset.file.split('/').pop()!.replace(/\.[^.]+$/, '');
  if (asset.kind === 'video') return `<video src="/${asset.file}" controls />`;
  if (asset.kind === 'document') return `[${name}](/${asset.file})`;
  return `![${name}](/${asset.file})`;
}

/** The image types `upload.json` takes (it checks the bytes) and the ending each is saved with. */
const UPLOAD_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

const SETTING_SECTIONS: { id: string; title: string; fields: [key: string, label: string, kind: 'text' | 'area' | 'colour' | 'select' | 'switch', help?: string, placeholder?: string][] }[] = [
  {
    id: 'general',
    title: 'General',
    fields: [
      ['name', 'Name', 'text', 'The name of the site, in the header and the browser title.'],
      ['description', 'Description', 'area', 'A sentence about the site, for search engines and AI tools.'],
      ['theme', 'Theme', 'select', 'The layout of the site.'],
    ],
  },
  {
    id: 'branding',
    title: 'Branding',
    fields: [
      ['primary', 'Primary colour', 'colour', 'Emphasis and buttons in light mode.', '#0D9373'],
      ['light', 'Light colour', 'colour', 'Emphasis in dark mode.', '#55D799'],
      ['dark', 'Dark colour', 'colour', 'Buttons and hover states in both modes.', '#0D9373'],
      ['logoLight', 'Logo (light mode)', 'text', 'A file of the repository or a URL.', '/logo/light.svg'],
      ['logoDark', 'Logo (dark mode)', 'text', 'The logo on a dark background.', '/logo/dark.svg'],
      ['logoHref', 'Logo link', 'text', 'Where the logo leads (the home page when empty).', 'https://'],
      ['favicon', 'Favicon', 'text', 'The tab icon.', '/favicon.svg'],
    ],
  },
  {
    id: 'typography',
    title: 'Typography',
    fields: [
      ['font', 'Font', 'text', 'A Google Fonts family for all text.', 'Inter'],
      ['headingFont', 'Heading font', 'text', 'A family for headings only.', 'Inter'],
      ['appearance', 'Default appearance', 'select', 'Light, dark, or the reader’s system setting.'],
      ['strict', 'Hide the light/dark switch', 'switch'],
    ],
  },
  {
    id: 'navbar',
    title: 'Navbar',
    fields: [
      ['buttonLabel', 'Primary button', 'text', 'The button at the right of the top bar.', 'Dashboard'],
      ['buttonHref', 'Primary button link', 'text', '', 'https://'],
    ],
  },
  { id: 'footer', title: 'Footer', fields: [] },
  {
    id: 'seo',
    title: 'SEO and search',
    fields: [
      ['indexing', 'Search engine indexing', 'select', 'Pages in the navigation only (default), or every page.'],
      ['searchPrompt', 'Search prompt', 'text', 'The placeholder of the search box.', 'Search or ask…'],
    ],
  },
  {
    id: 'banner',
    title: 'Banner',
    fields: [
      ['banner', 'Banner text', 'area', 'Shown above every page; links, bold and italic allowed. Empty: no banner.'],
      ['bannerDismissible', 'Readers can dismiss it', 'switch'],
    ],
  },
];

const CHOICE_LABELS: Record<string, Record<string, string>> = {
  appearance: { '': 'Default (system)', system: 'System', light: 'Light', dark: 'Dark' },
  indexing: { '': 'Default (navigable)', navigable: 'Pages in the navigation', all: 'All pages' },
  theme: { '': 'Default' },
};

export function mountManagers(app: HTMLElement, deps: ManagerDeps): { open(tab: ManagerTab): void; close(): void } {
  installManagerStyles();
  const main = app.querySelector<HTMLElement>('.ed-main')!;
  let tab: ManagerTab = 'assets';
  let opener: HTMLElement | null = null;
  const title = h('h2', { id: 'ed-mg-title', className: 'ed-mg-title', tabindex: '-1' }, 'Site');
  const tabs = h('div', { className: 'ed-mg-tabs', role: 'tablist', 'aria-label': 'Site' });
  const body = h('div', { id: 'ed-mg-body', className: 'ed-mg-body', role: 'tabpanel', 'aria-labelledby': 'ed-mg-title' });
  const message = h('p', { id: 'ed-mg-message', className: 'ed-mg-message', role: 'status' });
  const panel = h(
    'section',
    { id: 'ed-manager', className: 'ed-manager', 'aria-labelledby': 'ed-mg-title', hidden: true },
    h('div', { className: 'ed-mg-head' }, title, tabs, h('span', { className: 'spacer' }), h('button', { type: 'button', id: 'ed-mg-close', className: 'btn small secondary', onclick: () => close() }, 'Back to the page')),
    message,
    body,
  );
  main.append(panel);
  const TABS: [ManagerTab, string][] = [
    ['assets', 'Assets'],
    ['redirects', 'Redirects'],
    ['settings', 'Configuration'],
  ];
  for (const [id, label] of TABS) tabs.append(h('button', { type: 'button', role: 'tab', id: `ed-mg-tab-${id}`, className: 'ed-mg-tab', 'aria-selected': 'false', onclick: () => open(id) }, label));

  // Entry points: the sidebar (as the platform's Files and Site configurations) and the top bar (phones have no sidebar).
  const nav = app.querySelector('.ed-nav');
  if (nav) {
    const links = h(
      'div',
      { className: 'ed-mg-nav', role: 'group', 'aria-label': 'Site' },
      h('button', { type: 'button', id: 'ed-open-assets', className: 'ed-mg-nav-btn', onclick: (e: Event) => open('assets', e.currentTarget as HTMLElement) }, svg(ICONS.files), 'Assets'),
      h('button', { type: 'button', id: 'ed-open-redirects', className: 'ed-mg-nav-btn', onclick: (e: Event) => open('redirects', e.currentTarget as HTMLElement) }, svg(ICONS.redirect), 'Redirects'),
      h('button', { type: 'button', id: 'ed-open-settings', className: 'ed-mg-nav-btn', onclick: (e: Event) => open('settings', e.currentTarget as HTMLElement) }, svg(ICONS.gear), 'Site configuration'),
    );
    nav.append(links);
  }
  const publish = app.querySelector('.ed-top .ed-publish');
  const siteButton = h('button', { type: 'button', id: 'ed-site-open', className: 'ed-icon-btn ed-mg-site', title: 'Site: assets, redirects and configuration', 'aria-pressed': 'false', onclick: (e: Event) => (app.dataset.manager ? close() : open(tab, e.currentTarget as HTMLElement)) }, svg(ICONS.gear), 'Site');
  publish?.before(siteButton);

  const say = (text: string, error = false) => {
    message.textContent = text;
    message.classList.toggle('error', error);
  };
  const refusal = (err: unknown) => {
    const r = err as { code?: string; message?: string };
    return `${r.message ?? String(err)}${r.code ? ` (${r.code})` : ''}`;
  };

  function open(next: ManagerTab, from?: HTMLElement): void {
    if (from) opener = from;
    // Opened from the outline's drawer (under 900 px): the drawer gives way to the panel.
    if (app.dataset.nav === 'open') {
      app.dataset.nav = 'closed';
      document.getElementById('ed-nav-toggle')?.setAttribute('aria-expanded', 'false');
    }
    tab = next;
    app.dataset.manager = next;
    panel.hidden = false;
    siteButton.setAttribute('aria-pressed', 'true');
    for (const [id] of TABS) document.getElementById(`ed-mg-tab-${id}`)!.setAttribute('aria-selected', String(id === next));
    for (const b of app.querySelectorAll('.ed-mg-nav-btn')) b.removeAttribute('aria-current');
    document.getElementById(`ed-open-${next}`)?.setAttribute('aria-current', 'page');
    say('');
    body.replaceChildren(h('p', { className: 'ed-mg-muted' }, 'Loading…'));
    title.focus();
    void (next === 'assets' ? showAssets() : next === 'redirects' ? showRedirects() : showSettings()).catch((err) => say(refusal(err), true));
  }

  function close(): void {
    delete app.dataset.manager;
    panel.hidden = true;
    siteButton.setAttribute('aria-pressed', 'false');
    for (const b of app.querySelectorAll('.ed-mg-nav-btn')) b.removeAttribute('aria-current');
    (opener ?? siteButton).focus();
  }

  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !(e.target as HTMLElement).closest('form')) close();
  });

  async function after(text: string): Promise<void> {
    say(text);
    deps.setStatus('Saved');
    await deps.changed();
  }

  // ---------------------------------------------------------------- assets

  async function showAssets(): Promise<void> {
    const { assets, base, truncated } = await deps.call<{ assets: Asset[]; base: string; truncated: boolean }>('assets.json');
    if (tab !== 'assets') return;
    const filter = h('input', { type: 'search', className: 'ed-mg-search-input', placeholder: 'Search files', 'aria-label': 'Search files' });
    const picker = h('input', { type: 'file', id: 'ed-mg-upload', accept: Object.keys(UPLOAD_TYPES).join(','), multiple: true, className: 'visually-hidden' });
    const list = h('div', { className: 'ed-mg-files', id: 'ed-mg-files' });
    const render = () => {
      const q = filter.value.trim().toLowerCase();
      const shown = assets.filter((a) => !q || a.file.toLowerCase().includes(q));
      const folders = new Map<string, Asset[]>();
      for (const a of shown) {
        const dir = a.file.includes('/') ? a.file.slice(0, a.file.lastIndexOf('/')) : '';
        folders.set(dir, [...(folders.get(dir) ?? []), a]);
      }
      list.replaceChildren();
      if (shown.length === 0) list.append(h('div', { className: 'ed-mg-empty' }, h('p', {}, q ? 'No file matches.' : 'No images, videos or PDFs in the repository yet.')));
      for (const [dir, files] of folders) {
        list.append(
          h('h3', { className: 'ed-mg-folder' }, svg(ICONS.folder), dir || '(docs folder)'),
          h('ul', { className: 'ed-mg-file-list' }, ...files.map((a) => fileRow(a, base))),
        );
      }
    };
    filter.addEventListener('input', render);
    picker.addEventListener('change', async () => {
      const files = [...(picker.files ?? [])];
      picker.value = '';
      for (const f of files) await upload(f);
    });
    body.replaceChildren(
      h(
        'div',
        { className: 'ed-mg-card' },
        h('div', { className: 'ed-mg-card-head' }, h('h3', { className: 'ed-mg-card-title' }, 'Files'), h('span', { className: 'spacer' }), h('label', { className: 'btn small ed-mg-upload', for: 'ed-mg-upload' }, svg(ICONS.plus), 'Upload image'), picker),
        h('p', { className: 'ed-mg-muted' }, `Images, videos and PDFs of the repository${truncated ? ' (the first 5,000 files)' : ''}. Changes are drafts until you publish.`),
        h('div', { className: 'ed-mg-search' }, svg(ICONS.search), filter),
        list,
      ),
    );
    render();
  }

  async function upload(f: File): Promise<void> {
    const ending = UPLOAD_TYPES[f.type];
    if (!ending) {
      say(`${f.name}: only PNG, JPEG, GIF and WebP images are uploaded here.`, true);
      return;
    }
    const own = f.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || `image.${ending}`;
    try {
      deps.setStatus('Uploading…');
      const res = await deps.call<{ file: string }>('upload.json', { body: f, query: { file: `images/${own}` } });
      await after(`Uploaded ${res.file}.`);
      await showAssets();
      say(`Uploaded ${res.file}.`);
    } catch (err) {
      deps.setStatus('Upload refused', true);
      say(refusal(err), true);
    }
  }

  function fileRow(a: Asset, base: string): HTMLElement {
    const name = a.file.split('/').pop()!;
    const thumb = a.kind === 'image' ? h('img', { className: 'ed-mg-thumb', src: `${base}/${a.file.split('/').map(encodeURIComponent).join('/')}`, alt: '', loading: 'lazy' }) : h('span', { className: 'ed-mg-thumb ed-mg-thumb-icon' }, svg(a.kind === 'video' ? ICONS.video : ICONS.doc));
    const extra = h('div', { className: 'ed-mg-file-extra' });
    const uses = a.uses.length ? `Used in ${new Set(a.uses.map((u) => u.file)).size} file${new Set(a.uses.map((u) => u.file)).size === 1 ? '' : 's'}` : 'Not used';
    const row = h(
      'li',
      { className: 'ed-mg-file', 'data-file': a.file },
      thumb,
      h('div', { className: 'ed-mg-file-main' }, h('span', { className: 'ed-mg-file-name' }, name), h('span', { className: 'ed-mg-file-meta' }, `/${a.file} · ${sizeText(a.size)} · ${uses}`, a.drafted ? h('span', { className: 'ed-mg-badge' }, 'Draft') : null)),
      h(
        'div',
        { className: 'ed-mg-actions' },
        h('button', { type: 'button', className: 'btn small secondary', 'aria-label': `Copy the Markdown of ${name}`, onclick: () => copy(markdownOf(a)) }, 'Copy'),
        h('button', { type: 'button', className: 'btn small secondary', 'aria-label': `Move or rename ${name}`, onclick: () => moveForm(a, extra) }, 'Move'),
        h('button', { type: 'button', className: 'btn small secondary ed-mg-danger', 'aria-label': `Delete ${name}`, onclick: () => deleteForm(a, extra) }, 'Delete'),
      ),
      extra,
    );
    return row;
  }

  async function copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      say(`Copied ${text}`);
    } catch {
      say(`Copy this into a page: ${text}`);
    }
  }

  /** The editor's address of a file on the branch shown now (the address keeps the branch). */
  function fileHref(file: string): string {
    const params = new URLSearchParams(location.search);
    params.set('file', file);
    return `?${params}`;
  }

  function usesList(uses: Use[]): HTMLElement {
    return h('ul', { className: 'ed-mg-uses' }, ...uses.slice(0, 20).map((u) => h('li', {}, h('a', { href: fileHref(u.file) }, `${u.file}:${u.line}`), ' ', h('code', {}, u.text))), uses.length > 20 ? h('li', {}, `and ${uses.length - 20} more`) : null);
  }

  function deleteForm(a: Asset, extra: HTMLElement): void {
    const problem = h('p', { className: 'ed-mg-problem', role: 'alert' });
    const form = h(
      'form',
      { className: 'ed-mg-inline', 'aria-label': `Delete ${a.file}` },
      a.uses.length ? h('p', {}, h('strong', {}, `Still used in ${a.uses.length} place${a.uses.length === 1 ? '' : 's'}:`), ' pages that use it show a broken image until they are changed.') : h('p', {}, `Delete /${a.file}? Publishing removes it from the repository.`),
      a.uses.length ? usesList(a.uses) : null,
      problem,
      h('div', { className: 'ed-row' }, h('button', { type: 'submit', className: 'btn small danger' }, a.uses.length ? 'Delete anyway' : 'Delete'), h('button', { type: 'button', className: 'btn small secondary', onclick: () => extra.replaceChildren() }, 'Cancel')),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      try {
        await deps.call('assets.json', { json: { action: 'delete', file: a.file, force: a.uses.length > 0 } });
        await after(`Deleted ${a.file} (a draft until you publish).`);
        await showAssets();
        say(`Deleted ${a.file} (a draft until you publish).`);
      } catch (err) {
        problem.textContent = refusal(err);
      }
    });
    extra.replaceChildren(form);
    form.querySelector('button')!.focus();
  }

  function moveForm(a: Asset, extra: HTMLElement): void {
    const input = h('input', { type: 'text', value: a.file, required: true, 'aria-label': 'New path', spellcheck: 'false' });
    const problem = h('p', { className: 'ed-mg-problem', role: 'alert' });
    const form = h(
      'form',
      { className: 'ed-mg-inline', 'aria-label': `Move ${a.file}` },
      h('label', { className: 'ed-field' }, h('span', {}, 'New path'), input),
      a.uses.length ? h('p', { className: 'ed-mg-muted' }, `The ${a.uses.length} reference${a.uses.length === 1 ? '' : 's'} in pages and docs.json follow the file.`) : null,
      problem,
      h('div', { className: 'ed-row' }, h('button', { type: 'submit', className: 'btn small' }, 'Move'), h('button', { type: 'button', className: 'btn small secondary', onclick: () => extra.replaceChildren() }, 'Cancel')),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const to = input.value.trim().replace(/^\/+/, '');
      try {
        const res = await deps.call<{ file: string; changed: string[] }>('assets.json', { json: { action: 'move', file: a.file, to } });
        const text = `Moved to ${res.file}${res.changed.length ? `; ${res.changed.length} page${res.changed.length === 1 ? '' : 's'} updated` : ''}.`;
        await after(text);
        await showAssets();
        say(text);
      } catch (err) {
        problem.textContent = refusal(err);
      }
    });
    extra.replaceChildren(form);
    input.focus();
  }

  // ---------------------------------------------------------------- redirects

  async function showRedirects(): Promise<void> {
    let { redirects } = await deps.call<{ redirects: Redirect[] }>('redirects.json');
    if (tab !== 'redirects') return;
    const filter = h('input', { type: 'search', className: 'ed-mg-search-input', placeholder: 'Search redirects', 'aria-label': 'Search redirects' });
    const list = h('div', { className: 'ed-mg-redirects', id: 'ed-mg-redirects' });
    const formSlot = h('div');
    const save = async (json: Record<string, unknown>, problem: HTMLElement, done: string) => {
      try {
        ({ redirects } = await deps.call<{ redirects: Redirect[] }>('redirects.json', { json }));
        formSlot.replaceChildren();
        render();
        await after(done);
      } catch (err) {
        problem.textContent = refusal(err);
        if ((err as { code?: string }).code === 'EDITOR_REDIRECT_STALE') ({ redirects } = await deps.call<{ redirects: Redirect[] }>('redirects.json'));
      }
    };
    const editForm = (slot: HTMLElement, current: Redirect | null, index: number) => {
      const source = h('input', { type: 'text', name: 'source', value: current?.source ?? '', placeholder: '/old-path', required: true, spellcheck: 'false' });
      const destination = h('input', { type: 'text', name: 'destination', value: current?.destination ?? '', placeholder: '/new-path', required: true, spellcheck: 'false' });
      const status = h('select', { name: 'status' }, h('option', { value: '308' }, '308 Permanent'), h('option', { value: '307' }, '307 Temporary'));
      status.value = current && !current.permanent ? '307' : '308';
      const problem = h('p', { className: 'ed-mg-problem', role: 'alert' });
      const form = h(
        'form',
        { className: 'ed-mg-inline ed-mg-redirect-form', 'aria-label': current ? `Edit the redirect from ${current.source}` : 'New redirect' },
        h('label', { className: 'ed-field' }, h('span', {}, 'Source'), source),
        h('label', { className: 'ed-field' }, h('span', {}, 'Destination'), destination),
        h('label', { className: 'ed-field' }, h('span', {}, 'Status'), status),
        h('p', { className: 'ed-mg-muted ed-mg-wide' }, 'Wildcards: /beta/:slug* → /v2/:slug* sends every page under /beta to the same page under /v2.'),
        problem,
        h('div', { className: 'ed-row ed-mg-wide' }, h('button', { type: 'submit', className: 'btn small' }, current ? 'Save redirect' : 'Add redirect'), h('button', { type: 'button', className: 'btn small secondary', onclick: () => slot.replaceChildren() }, 'Cancel')),
      );
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const redirect = { source: source.value, destination: destination.value, permanent: status.value === '308' };
        void save(current ? { action: 'update', index, expect: current.source, redirect } : { action: 'add', redirect }, problem, current ? `Redirect from ${redirect.source.trim()} saved.` : `Redirect from ${redirect.source.trim()} added.`);
      });
      slot.replaceChildren(form);
      source.focus();
    };
    const addButton = (label: string) => h('button', { type: 'button', className: 'btn small secondary ed-mg-add', onclick: () => editForm(formSlot, null, -1) }, svg(ICONS.plus), label);
    const render = () => {
      const q = filter.value.trim().toLowerCase();
      list.replaceChildren();
      if (redirects.length === 0) {
        list.append(h('div', { className: 'ed-mg-empty' }, h('p', {}, 'No redirects configured.'), addButton('Add redirect')));
        return;
      }
      const rows = redirects.map((r, i) => ({ r, i })).filter(({ r }) => !q || `${r.source} ${r.destination}`.toLowerCase().includes(q));
      if (rows.length === 0) list.append(h('div', { className: 'ed-mg-empty' }, h('p', {}, 'No redirect matches.')));
      const ul = h('ul', { className: 'ed-mg-redirect-list' });
      for (const { r, i } of rows) {
        const slot = h('div', { className: 'ed-mg-file-extra' });
        const problem = h('p', { className: 'ed-mg-problem', role: 'alert' });
        ul.append(
          h(
            'li',
            { className: 'ed-mg-redirect', 'data-source': r.source },
            h('div', { className: 'ed-mg-redirect-main' }, h('code', { className: 'ed-mg-path' }, r.source || '(no source)'), svg(ICONS.arrow), h('code', { className: 'ed-mg-path' }, r.destination || '(no destination)'), h('span', { className: 'ed-mg-badge' }, r.permanent ? '308' : '307')),
            h(
              'div',
              { className: 'ed-mg-actions' },
              h('button', { type: 'button', className: 'btn small secondary', 'aria-label': `Edit the redirect from ${r.source}`, onclick: () => editForm(slot, r, i) }, 'Edit'),
              h('button', { type: 'button', className: 'btn small secondary ed-mg-danger', 'aria-label': `Delete the redirect from ${r.source}`, onclick: () => void save({ action: 'delete', index: i, expect: r.source }, problem, `Redirect from ${r.source} deleted.`) }, 'Delete'),
            ),
            problem,
            slot,
          ),
        );
      }
      list.append(ul);
    };
    filter.addEventListener('input', render);
    body.replaceChildren(
      h(
        'div',
        { className: 'ed-mg-card' },
        h('div', { className: 'ed-mg-card-head' }, h('h3', { className: 'ed-mg-card-title' }, 'Redirects'), h('span', { className: 'spacer' }), h('button', { type: 'button', id: 'ed-mg-add-redirect', className: 'btn small secondary', onclick: () => editForm(formSlot, null, -1) }, svg(ICONS.plus), 'Add redirect')),
        h('div', { className: 'ed-mg-search' }, svg(ICONS.search), filter),
        formSlot,
        list,
      ),
    );
    render();
  }

  // ---------------------------------------------------------------- settings

  async function showSettings(): Promise<void> {
    const { settings, choices } = await deps.call<{ settings: Settings; choices: Choices }>('settings.json');
    if (tab !== 'settings') return;
    const form = h('form', { id: 'ed-mg-settings', className: 'ed-mg-settings', 'aria-label': 'Site configuration', novalidate: true });
    const toc = h('nav', { className: 'ed-mg-toc', 'aria-label': 'Configuration sections' });
    const problem = h('p', { className: 'ed-mg-problem', role: 'alert' });
    const options = (key: string): string[] => ['', ...((choices as unknown as Record<string, string[]>)[key] ?? [])];
    for (const section of SETTING_SECTIONS) {
      toc.append(h('a', { href: `#ed-mg-s-${section.id}`, onclick: (e: Event) => { e.preventDefault(); document.getElementById(`ed-mg-s-${section.id}`)?.scrollIntoView({ block: 'start' }); } }, section.title));
      const fieldset = h('section', { className: 'ed-mg-section', id: `ed-mg-s-${section.id}`, 'aria-labelledby': `ed-mg-h-${section.id}` }, h('h3', { id: `ed-mg-h-${section.id}`, className: 'ed-mg-section-title' }, section.title));
      for (const [key, label, kind, help, placeholder] of section.fields) {
        const id = `ed-mg-f-${key}`;
        const helpId = help ? `${id}-help` : undefined;
        const value = settings[key];
        let control: HTMLElement;
        if (kind === 'switch') {
          fieldset.append(h('label', { className: 'ed-mg-switch' }, h('input', { type: 'checkbox', id, name: key, checked: value === true }), h('span', {}, label)));
          continue;
        }
        if (kind === 'area') control = h('textarea', { id, name: key, rows: 3, 'aria-describedby': helpId }, String(value ?? ''));
        else if (kind === 'select') {
          const select = h('select', { id, name: key, 'aria-describedby': helpId }, ...options(key).map((o) => h('option', { value: o }, CHOICE_LABELS[key]?.[o] ?? o)));
          select.value = String(value ?? '');
          control = select;
        } else if (kind === 'colour') {
          const text = h('input', { type: 'text', id, name: key, value: String(value ?? ''), placeholder, pattern: '#([0-9a-fA-F]{3}){1,2}', 'aria-describedby': helpId, spellcheck: 'false' });
          const swatch = h('input', { type: 'color', className: 'ed-mg-swatch', 'aria-label': `${label}: pick`, value: /^#[0-9a-fA-F]{6}$/.test(String(value)) ? String(value) : '#000000' });
          swatch.addEventListener('input', () => (text.value = swatch.value.toUpperCase()));
          text.addEventListener('input', () => {
            if (/^#[0-9a-fA-F]{6}$/.test(text.value)) swatch.value = text.value.toLowerCase();
          });
          control = h('span', { className: 'ed-mg-colour' }, swatch, text);
        } else control = h('input', { type: 'text', id, name: key, value: String(value ?? ''), placeholder, 'aria-describedby': helpId, spellcheck: 'false' });
        fieldset.append(h('div', { className: 'ed-mg-field' }, h('label', { for: id }, label), help ? h('p', { id: helpId, className: 'ed-mg-help' }, help) : null, control));
      }
      if (section.id === 'navbar') fieldset.append(rowsEditor('links', 'Navbar links', settings.links.map((l) => [l.label, l.href]), ['Label', 'Link'], null));
      if (section.id === 'footer') fieldset.append(rowsEditor('socials', 'Social profiles', settings.socials.map((s) => [s.network, s.url]), ['Network', 'Profile URL'], choices.socials));
      form.append(fieldset);
    }
    // Every other key of docs.json (navigation aside, which the outline arranges): the file as text.
    const asText = h('button', { type: 'button', id: 'ed-mg-docs-json', className: 'btn secondary', onclick: () => {
      close();
      deps.openDocsJson();
    } }, 'Edit docs.json as text');
    const saveBar = h('div', { className: 'ed-mg-savebar' }, problem, asText, h('button', { type: 'submit', id: 'ed-mg-save-settings', className: 'btn' }, 'Save configuration'));
    form.append(saveBar);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      problem.textContent = '';
      const next: Record<string, unknown> = {};
      for (const section of SETTING_SECTIONS)
        for (const [key, , kind] of section.fields) {
          const el = form.elements.namedItem(key) as HTMLInputElement | null;
          if (el) next[key] = kind === 'switch' ? el.checked : el.value;
        }
      const rowsOf = (name: string) => [...form.querySelectorAll<HTMLElement>(`[data-rows=${name}] .ed-mg-rows-row`)].map((row) => [...row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input,select')].map((i) => i.value.trim())).filter(([a, b]) => a || b);
      next.links = rowsOf('links').map(([label, href]) => ({ label, href }));
      next.socials = rowsOf('socials').map(([network, url]) => ({ network, url }));
      try {
        await deps.call('settings.json', { json: { settings: next } });
        await after('Configuration saved (a draft of docs.json until you publish).');
      } catch (err) {
        problem.textContent = refusal(err);
        say('The configuration was not saved.', true);
      }
    });
    body.replaceChildren(h('div', { className: 'ed-mg-config' }, toc, form));
  }

  /** A list of two-field rows (navbar links, social profiles) with add and remove. */
  function rowsEditor(name: string, label: string, rows: string[][], headers: [string, string], firstChoices: string[] | null): HTMLElement {
    const list = h('div', { className: 'ed-mg-rows-list' });
    const add = (values: string[] = ['', '']) => {
      const n = list.children.length + 1;
      const first = firstChoices
        ? (() => {
            const s = h('select', { 'aria-label': `${headers[0]} ${n}` }, h('option', { value: '' }, 'Choose…'), ...firstChoices.map((c) => h('option', { value: c }, c)));
            s.value = values[0] ?? '';
            return s;
          })()
        : h('input', { type: 'text', value: values[0] ?? '', 'aria-label': `${headers[0]} ${n}` });
      const row = h('div', { className: 'ed-mg-rows-row' }, first, h('input', { type: 'text', value: values[1] ?? '', placeholder: 'https://', 'aria-label': `${headers[1]} ${n}`, spellcheck: 'false' }));
      row.append(h('button', { type: 'button', className: 'btn small secondary', 'aria-label': `Remove ${headers[0].toLowerCase()} ${n}`, onclick: () => row.remove() }, 'Remove'));
      list.append(row);
    };
    for (const r of rows) add(r);
    return h('div', { className: 'ed-mg-field ed-mg-rows', 'data-rows': name }, h('span', { className: 'ed-mg-label' }, label), list, h('button', { type: 'button', className: 'btn small secondary ed-mg-add', onclick: () => add() }, svg(ICONS.plus), `Add ${name === 'links' ? 'link' : 'profile'}`));
  }

  return { open, close };
}
