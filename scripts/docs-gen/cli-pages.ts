/**
 * CLI reference pages from the commander definitions of `src/cli/commands/`: one page per top-level
 * command (its subcommands as sections), an index of them all, and the sidebar list that docs.json
 * `$ref`s. What a command does beyond its flags is hand-written in `docs/snippets/cli/<command>.mdx`,
 * imported at the end of the generated page when that file exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Argument, Command, Option } from 'commander';
import { frontmatter, generatedNote, mdxCell, mdxText, sentence } from './mdx-text.js';

export const CLI_DIR = 'reference/cli';
const SOURCE = '`src/cli/commands/`';

function defaultOf(value: unknown): string {
  if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) return '';
  return `\`${Array.isArray(value) ? value.join(' ') : String(value)}\``;
}

function argumentRows(args: readonly Argument[]): string[] {
  if (args.length === 0) return [];
  return [
    '| Argument | Description | Default |',
    '|---|---|---|',
    ...args.map((a) => `| \`${a.required ? `<${a.name()}>` : `[${a.name()}${a.variadic ? '...' : ''}]`}\` | ${mdxCell(sentence(a.description))} | ${defaultOf(a.defaultValue)} |`),
    '',
  ];
}

function optionRows(options: readonly Option[]): string[] {
  const shown = options.filter((o) => !o.hidden);
  if (shown.length === 0) return [];
  return [
    '| Option | Description | Default |',
    '|---|---|---|',
    ...shown.map((o) => `| \`${o.flags}\`${o.mandatory ? ' (required)' : ''} | ${mdxCell(sentence(o.description))} | ${o.negate ? '' : defaultOf(o.defaultValue)} |`),
    '',
  ];
}

/** Usage, arguments and options of one command, `folio a b` as the heading of a subcommand. */
function commandSection(command: Command, names: string[], level: number): string[] {
  const usage = `folio ${[...names, command.usage()].join(' ')}`.trim();
  const lines: string[] = [];
  if (level > 0) lines.push(`${'#'.repeat(level + 1)} folio ${names.join(' ')}`, '');
  // A top-level command's description is the page's, shown under its title already.
  if (level > 0) lines.push(mdxText(sentence(command.description())) + (command.description().endsWith('.') ? '' : '.'), '');
  lines.push('```sh', usage, '```', '');
  const args = argumentRows(command.registeredArguments);
  if (args.length > 0) lines.push(level > 0 ? `**Arguments**` : '## Arguments', '', ...args);
  const options = optionRows(command.options);
  if (options.length > 0) lines.push(level > 0 ? `**Options**` : '## Options', '', ...options);
  for (const sub of command.commands) lines.push(...commandSection(sub, [...names, sub.name()], level + 1));
  return lines;
}

function commandPage(command: Command, docsRoot: string): string {
  const name = command.name();
  const notes = path.join(docsRoot, 'snippets/cli', `${name}.mdx`);
  const hasNotes = fs.existsSync(notes);
  const lines = [
    frontmatter({ title: `folio ${name}`, description: sentence(command.description()) }),
    ...(hasNotes ? [`import Details from '/snippets/cli/${name}.mdx';`, ''] : []),
    generatedNote(SOURCE),
    ...commandSection(command, [name], 0),
  ];
  if (hasNotes) lines.push('<Details />', '');
  return lines.join('\n').replace(/\n+$/, '\n');
}

function indexPage(program: Command): string {
  const lines = [
    frontmatter({ title: 'CLI', sidebarTitle: 'All commands', description: 'Every folio command, its arguments and options.' }),
    generatedNote(SOURCE),
    `${mdxText(sentence(program.description()))}. During development \`npm run folio -- <command>\` runs the TypeScript sources; an installed package provides the \`folio\` binary. Every problem in user input is printed as \`file:line:column error|warning message\`.`,
    '',
    '| Command | What it does |',
    '|---|---|',
    ...program.commands.map((c) => `| [\`folio ${c.name()}\`](/${CLI_DIR}/${c.name()}) | ${mdxCell(sentence(c.description()))} |`),
    '',
    '## Global options',
    '',
    ...optionRows(program.options),
    'The commands that run the platform (`serve`, `start`, `projects`, `keys`, `worker`) take `--data <dir>` (default `.folio`) and honour `DATABASE_URL` (PostgreSQL instead of the embedded database).',
    '',
  ];
  return lines.join('\n');
}

/** Generated files of the CLI reference, by path relative to the docs root. */
export function cliPages(program: Command, docsRoot: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set(`${CLI_DIR}/overview.mdx`, indexPage(program));
  for (const command of program.commands) files.set(`${CLI_DIR}/${command.name()}.mdx`, commandPage(command, docsRoot));
  const nav = [`${CLI_DIR}/overview`, ...program.commands.map((c) => `${CLI_DIR}/${c.name()}`)];
  files.set(`${CLI_DIR}/sidebar.json`, JSON.stringify(nav, null, 2) + '\n');
  return files;
}
