/**
 * A small gitignore-style matcher for `.mintignore`: comments, `!` negation,
 * trailing `/` for directories, leading or inner `/` anchoring, `*`, `?`, `**`
 * and `[...]` classes. The last matching pattern wins, as in git.
 */
export interface IgnoreRule {
  negate: boolean;
  dirOnly: boolean;
  regex: RegExp;
  source: string;
}

/**
 * What the platform ignores without a `.mintignore` (its "Exclude files" page lists `.git`,
 * `.github`, `.claude`, `.agents`, `.idea`, `.vscode`, `node_modules`, `build`, `dist`,
 * `coverage`, `.cache`, `tmp`, `temp`, `README.md`, `LICENSE.md`, `CHANGELOG.md` and
 * `CONTRIBUTING.md`), and the root `skill.md`, which the platform serves as the site's skill file for agents,
 * not as a page. Tool and dependency folders are ignored at any depth; the output and
 * scratch folders and the repository files only at the docs root, where tools put them: a
 * `guides/build/` or `sdk/dist/` folder inside the docs tree holds real pages.
 */
export const DEFAULT_IGNORES = [
  '.git/', '.github/', '.claude/', '.agents/', '.idea/', '.vscode/', 'node_modules/', '.cache/',
  '/build/', '/dist/', '/coverage/', '/tmp/', '/temp/',
  '/README.md', '/LICENSE.md', '/CHANGELOG.md', '/CONTRIBUTING.md', '/skill.md',
];

/** Compile gitignore lines into rules; blank lines and `#` comments are skipped. */
export function compileIgnore(lines: readonly string[]): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of lines) {
    let line = raw.replace(/\r$/, '');
    if (!line.endsWith('\\ ')) line = line.replace(/[ \t]+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    if (line.startsWith('\\')) line = line.slice(1);
    const dirOnly = line.endsWith('/');
    if (dirOnly) line = line.replace(/\/+$/, '');
    const anchored = line.includes('/');
    line = line.replace(/^\/+/, '');
    if (line === '') continue;
    const body = globToRegex(line);
    rules.push({ negate, dirOnly, source: raw, regex: new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}$`) });
  }
  return rules;
}

/** Whether the posix path (relative to the root) is ignored; `isDir` for directories. */
export function isIgnored(rules: readonly IgnoreRule[], relPath: string, isDir: boolean): boolean {
  let ignored = false;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    if (rule.regex.test(relPath)) ignored = !rule.negate;
  }
  return ignored;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        if (atSegmentStart && slashAfter) { out += '(?:.*/)?'; i += 2; continue; }
        if (atSegmentStart && i + 2 === glob.length) { out += '.*'; i += 1; continue; }
        i += 1;
      }
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) { out += '\\['; continue; }
      const cls = glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      out += `[${cls}]`;
      i = end;
    } else if (c === '\\' && i + 1 < glob.length) { out += escape(glob[++i]!); }
    else out += escape(c);
  }
  return out;
}

function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
