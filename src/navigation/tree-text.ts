import type { SidebarNode, SiteModel } from './types.js';

/** `folio nav` without `--json`: each section with its switcher path, then its sidebar indented. */
export function siteModelToText(model: SiteModel): string {
  const lines: string[] = [];
  for (const section of model.sections) {
    const trail = section.trail.map((d) => `${d.kind} ${JSON.stringify(d.label)}${d.tag ? ` [${d.tag}]` : ''}`).join(' › ');
    lines.push(`${trail || '(site)'}${section.hidden ? '  (hidden)' : ''}`);
    for (const node of section.sidebar) nodeLines(node, 1, lines);
  }
  if (model.hidden.length > 0) {
    lines.push(`hidden pages (${model.hidden.length}): routable, in no sidebar`);
    for (const route of model.hidden) lines.push(`  ${route.href}`);
  }
  return lines.join('\n') + '\n';
}

function nodeLines(node: SidebarNode, depth: number, lines: string[]): void {
  const pad = '  '.repeat(depth);
  switch (node.type) {
    case 'page':
      lines.push(`${pad}${node.sidebarTitle ?? node.title}  ${node.href}`);
      return;
    case 'link':
      lines.push(`${pad}${node.label}  → ${node.href}`);
      return;
    case 'endpoint':
      lines.push(`${pad}${node.sidebarTitle ?? node.title}  ${node.href ?? `(${node.entry}, unresolved)`}`);
      return;
    case 'endpoint-set':
      lines.push(`${pad}(all endpoints of ${node.openapi.sources.join(', ')})`);
      return;
    case 'group': {
      const flags = [node.tag && `[${node.tag}]`, node.root && `root ${node.root}`, !node.topLevel && (node.expanded ? 'expanded' : 'collapsed'), node.directory !== 'none' && `directory ${node.directory}`].filter(Boolean);
      lines.push(`${pad}▸ ${node.name}${flags.length ? `  (${flags.join(', ')})` : ''}`);
      for (const child of node.children) nodeLines(child, depth + 1, lines);
    }
  }
}
